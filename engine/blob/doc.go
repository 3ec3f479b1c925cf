// Package blob stores file contents (attachments, shared files, exports) by
// key. The interface is deliberately small so that an S3-compatible store can
// sit beside the local-disk one: Put a stream, Open it for reading with
// seeking (range requests), Delete it.
//
// It imports no Portico package (minio-go for S3).
package blob
