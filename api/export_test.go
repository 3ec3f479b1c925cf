package api

import (
	"testing"
	"time"
)

// SetRealtimeChecks makes the realtime sockets opened until the test ends
// check every `every`, close when a write has stalled for longer than `stall`
// and ping at every pingChecks-th check. Not for parallel tests.
func SetRealtimeChecks(t testing.TB, every, stall time.Duration, pingChecks int) {
	oldEvery, oldStall, oldPings := realtimeCheckEvery, realtimeWriteWait, realtimePingChecks
	realtimeCheckEvery, realtimeWriteWait, realtimePingChecks = every, stall, pingChecks
	t.Cleanup(func() { realtimeCheckEvery, realtimeWriteWait, realtimePingChecks = oldEvery, oldStall, oldPings })
}
