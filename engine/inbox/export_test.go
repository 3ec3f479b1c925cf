package inbox

// SetBeforeBulkWrite makes f run between reading a bulk change's threads and
// writing them; the answer puts the previous hook back.
func SetBeforeBulkWrite(f func()) (restore func()) {
	prev := beforeBulkWrite
	beforeBulkWrite = f
	return func() { beforeBulkWrite = prev }
}

// Stall stops the service applying fan-outs, as a process that dies right
// after its commits would: its markers stay for the next process.
func Stall(s *Service) {
	s.fo.mu.Lock()
	defer s.fo.mu.Unlock()
	s.fo.running = true // enqueueFanOuts starts no worker; Settle must not be called
}
