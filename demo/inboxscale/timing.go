package inboxscale

import (
	"slices"
	"sort"
	"time"
)

// Ms is a duration in milliseconds.
func Ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// Median is the middle value of xs.
func Median(xs []float64) float64 {
	s := slices.Clone(xs)
	sort.Float64s(s)
	return s[len(s)/2]
}

// Medians runs the functions in turn, n rounds (interleaved, so drift hits
// all alike), after one warm-up round, and returns each one's median in ms.
func Medians(n int, fns ...func()) []float64 {
	for _, f := range fns {
		f()
	}
	times := make([][]float64, len(fns))
	for range n {
		for i, f := range fns {
			t0 := time.Now()
			f()
			times[i] = append(times[i], Ms(time.Since(t0)))
		}
	}
	out := make([]float64, len(fns))
	for i := range fns {
		out[i] = Median(times[i])
	}
	return out
}

// Curves are figures (milliseconds) at growing thread counts, as
// var/bench/curves.json holds them for cmd/portico-benchreport.
type Curves struct {
	Threads []int                `json:"threads"`
	Figures map[string][]float64 `json:"figures"`
}
