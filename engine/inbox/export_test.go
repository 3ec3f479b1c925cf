package inbox

// SetBeforeBulkWrite makes f run between reading a bulk change's threads and
// writing them; the answer puts the previous hook back.
func SetBeforeBulkWrite(f func()) (restore func()) {
	prev := beforeBulkWrite
	beforeBulkWrite = f
	return func() { beforeBulkWrite = prev }
}
