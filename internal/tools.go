//go:build pgnscandeps

// Package internal pins the project's dependencies until code imports them.
package internal

import (
	_ "github.com/apache/arrow/go/v17/arrow"
	_ "github.com/apache/arrow/go/v17/parquet/pqarrow"
	_ "github.com/klauspost/compress/gzip"
	_ "github.com/klauspost/compress/zstd"
	_ "github.com/notnil/chess"
	_ "github.com/schollz/progressbar/v3"
	_ "github.com/spf13/cobra"
	_ "github.com/ulikunitz/xz"
	_ "golang.org/x/sync/errgroup"
	_ "github.com/duckdb/duckdb-go/v2"
)
