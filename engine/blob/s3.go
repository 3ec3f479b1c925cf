package blob

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// S3Options configure an S3-compatible store.
type S3Options struct {
	// Endpoint is host[:port], without a scheme.
	Endpoint  string
	AccessKey string
	SecretKey string
	Bucket    string
	Region    string
	UseSSL    bool
}

// partSize is what a Put of unknown length buffers at a time: streams of any
// size go up as multipart uploads of this size, so memory stays bounded.
const partSize = 16 << 20

// S3 is a Store on S3-compatible object storage (AWS S3, MinIO, Ceph,
// versitygw, ...).
type S3 struct {
	client *minio.Client
	bucket string
}

// NewS3 connects and makes the bucket if it does not exist yet.
func NewS3(ctx context.Context, o S3Options) (*S3, error) {
	c, err := minio.New(o.Endpoint, &minio.Options{
		Creds:  credentials.NewStaticV4(o.AccessKey, o.SecretKey, ""),
		Secure: o.UseSSL,
		Region: o.Region,
	})
	if err != nil {
		return nil, fmt.Errorf("blob: s3: %w", err)
	}
	exists, err := c.BucketExists(ctx, o.Bucket)
	if err != nil {
		return nil, fmt.Errorf("blob: s3 bucket %s: %w", o.Bucket, err)
	}
	if !exists {
		if err := c.MakeBucket(ctx, o.Bucket, minio.MakeBucketOptions{Region: o.Region}); err != nil {
			return nil, fmt.Errorf("blob: s3 make bucket %s: %w", o.Bucket, err)
		}
	}
	return &S3{client: c, bucket: o.Bucket}, nil
}

// Put streams r as the object key; a failed multipart upload is aborted, so
// nothing is left behind.
func (s *S3) Put(ctx context.Context, key string, r io.Reader) (int64, error) {
	if key == "" {
		return 0, fmt.Errorf("blob: invalid key %q", key)
	}
	info, err := s.client.PutObject(ctx, s.bucket, key, ctxReader{ctx, r}, -1,
		minio.PutObjectOptions{PartSize: partSize, NumThreads: 1, ContentType: "application/octet-stream"})
	if err != nil {
		return 0, fmt.Errorf("blob: put %s: %w", key, err)
	}
	return info.Size, nil
}

// AbortUploads aborts the incomplete multipart uploads of key, with their
// parts: what Puts of it cut off by a process's death left in the bucket.
func (s *S3) AbortUploads(ctx context.Context, key string) error {
	if err := s.client.RemoveIncompleteUpload(ctx, s.bucket, key); err != nil {
		return fmt.Errorf("blob: abort uploads of %s: %w", key, err)
	}
	return nil
}

// Open returns the object; reads and seeks become ranged GETs.
func (s *S3) Open(ctx context.Context, key string) (io.ReadSeekCloser, error) {
	obj, err := s.client.GetObject(ctx, s.bucket, key, minio.GetObjectOptions{})
	if err != nil {
		return nil, s.notFound(err)
	}
	if _, err := obj.Stat(); err != nil {
		obj.Close()
		return nil, s.notFound(err)
	}
	return obj, nil
}

func (s *S3) notFound(err error) error {
	var resp minio.ErrorResponse
	if errors.As(err, &resp) && (resp.Code == "NoSuchKey" || resp.StatusCode == 404) {
		return ErrNotFound
	}
	return err
}

// Delete removes the object; S3 deletes of missing keys succeed.
func (s *S3) Delete(ctx context.Context, key string) error {
	return s.client.RemoveObject(ctx, s.bucket, key, minio.RemoveObjectOptions{})
}
