package pipeline

import (
	"context"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
)

// s3Store is the objects of an S3 bucket under a prefix ("" or ending in "/").
type s3Store struct {
	client *s3.Client
	bucket string
	url    string // s3://BUCKET/PREFIX, for errors
	prefix string
}

func (s *s3Store) key(name string) *string { return aws.String(s.prefix + name) }

// Create writes the file in a local temporary file, then uploads it whole with one PutObject:
// S3 makes an object only when its PutObject completes, so a failed write or upload leaves
// none (and a file of known length needs no multipart upload or chunked encoding).
func (s *s3Store) Create(ctx context.Context, name string, write func(io.Writer) error) error {
	f, err := os.CreateTemp("", "pgnscan-upload-")
	if err != nil {
		return fmt.Errorf("upload %s%s: %w", s.url, name, err)
	}
	defer os.Remove(f.Name())
	defer f.Close()
	err = write(f)
	if err == nil {
		_, err = f.Seek(0, io.SeekStart)
	}
	if err == nil {
		_, err = s.client.PutObject(ctx, &s3.PutObjectInput{Bucket: &s.bucket, Key: s.key(name), Body: f})
	}
	if err != nil {
		return fmt.Errorf("upload %s%s: %w", s.url, name, err)
	}
	return nil
}

// List lists the objects under PREFIX/dir/, all pages of ListObjectsV2.
func (s *s3Store) List(ctx context.Context, dir string) ([]string, error) {
	var names []string
	pages := s3.NewListObjectsV2Paginator(s.client, &s3.ListObjectsV2Input{Bucket: &s.bucket, Prefix: s.key(dirPrefix(dir))})
	for pages.HasMorePages() {
		page, err := pages.NextPage(ctx)
		if err != nil {
			return nil, fmt.Errorf("list %s%s/: %w", s.url, dir, err)
		}
		for _, o := range page.Contents {
			names = append(names, strings.TrimPrefix(aws.ToString(o.Key), s.prefix))
		}
	}
	slices.Sort(names)
	return names, nil
}

// Remove deletes the object; S3 answers a delete of a missing object with success, so one
// already gone is no error (a retried final step).
func (s *s3Store) Remove(ctx context.Context, name string) error {
	if _, err := s.client.DeleteObject(ctx, &s3.DeleteObjectInput{Bucket: &s.bucket, Key: s.key(name)}); err != nil {
		return fmt.Errorf("remove stray part object %s%s: %w", s.url, name, err)
	}
	return nil
}

// Open reads the object.
func (s *s3Store) Open(ctx context.Context, name string) (io.ReadCloser, error) {
	r, err := s.client.GetObject(ctx, &s3.GetObjectInput{Bucket: &s.bucket, Key: s.key(name)})
	if err != nil {
		return nil, fmt.Errorf("%s%s: %w", s.url, name, err)
	}
	return r.Body, nil
}
