package main

import (
	"fmt"
	"runtime/debug"

	"github.com/spf13/cobra"
)

// version is set at link time, as the README's build command does (-ldflags "-X
// main.version=v1.2.3"); otherwise it comes from the build information (buildVersion).
var version = ""

// Version returns the pgnscan version string recorded in outputs.
func Version() string {
	if version != "" {
		return version
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "devel"
	}
	return buildVersion(bi)
}

// buildVersion reads a version from the build information: the module's version (go install
// pkg@v1.2.3, or a pseudo-version of the commit that go build stamps in a checkout), else
// "devel" followed by the VCS revision and whether the tree was modified (a build whose
// module version is "(devel)" but which is VCS-stamped), else "devel" alone (go run, or
// -buildvcs=false: nothing says which source it is).
func buildVersion(bi *debug.BuildInfo) string {
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	var rev, modified string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value
		}
	}
	if rev == "" {
		return "devel"
	}
	v := "devel+" + rev[:min(len(rev), 12)]
	if modified == "true" {
		v += "-dirty"
	}
	return v
}

func newVersionCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the pgnscan version",
		Args:  cobra.NoArgs,
		RunE: runE(func(cmd *cobra.Command, _ []string) error {
			_, err := fmt.Fprintln(cmd.OutOrStdout(), "pgnscan", Version())
			return err
		}),
	}
}
