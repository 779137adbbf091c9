package objread

import (
	"context"
	"fmt"
	"io"
	"os"
	"sync"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/s3"
)

// s3Clients are the process's clients of S3, made at the first s3:// path from the SDK's
// ordinary configuration (AWS_REGION, AWS_ENDPOINT_URL, the shared config files and the
// credentials chain), one for each value of AWS_ENDPOINT_URL (a fake server's address in
// tests, where one process meets several).
var s3Clients sync.Map // endpoint → func() (*s3.Client, error)

// S3Client returns the process's client of S3. When an endpoint is configured (MinIO, a
// fake server), buckets are addressed by path (ENDPOINT/BUCKET/KEY), which such servers
// expect, rather than by virtual host (BUCKET.ENDPOINT/KEY). Responses are checked against
// their checksums when they carry one; S3 sends none for a ranged read, so the SDK's warning
// of each unchecked response (one per ranged read) is turned off.
func S3Client() (*s3.Client, error) {
	f, _ := s3Clients.LoadOrStore(os.Getenv("AWS_ENDPOINT_URL"), sync.OnceValues(func() (*s3.Client, error) {
		cfg, err := config.LoadDefaultConfig(context.Background())
		if err != nil {
			return nil, fmt.Errorf("s3 configuration: %w", err)
		}
		return s3.NewFromConfig(cfg, func(o *s3.Options) {
			o.UsePathStyle = o.BaseEndpoint != nil
			o.DisableLogOutputChecksumValidationSkipped = true
		}), nil
	}))
	return f.(func() (*s3.Client, error))()
}

// openS3 opens the object of the path name: HeadObject gives its size, ranged GetObjects its
// bytes.
func openS3(ctx context.Context, name, bucket, key string) (io.ReaderAt, int64, error) {
	c, err := S3Client()
	if err != nil {
		return nil, 0, fmt.Errorf("%s: %w", name, err)
	}
	head, err := c.HeadObject(ctx, &s3.HeadObjectInput{Bucket: &bucket, Key: &key})
	if err != nil {
		return nil, 0, fmt.Errorf("%s: %w", name, err)
	}
	size := aws.ToInt64(head.ContentLength)
	open := func(off int64) (io.ReadCloser, error) {
		r, err := c.GetObject(ctx, &s3.GetObjectInput{Bucket: &bucket, Key: &key, Range: aws.String(fmt.Sprintf("bytes=%d-", off))})
		if err != nil {
			return nil, err
		}
		return r.Body, nil
	}
	return &ranged{name: name, size: size, open: open}, size, nil
}
