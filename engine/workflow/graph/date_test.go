package graph

import (
	"encoding/json"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func d(s string) Date { return MustParseDate(s) }

// The integer date arithmetic must agree with the time package on every day
// it is likely to meet.
func TestDateArithmeticAgreesWithTimePackage(t *testing.T) {
	t.Parallel()
	base := time.Date(1890, 1, 1, 12, 0, 0, 0, time.UTC)
	for i := range 365 * 320 {
		tt := base.AddDate(0, 0, i)
		want := Date{tt.Year(), tt.Month(), tt.Day()}
		got := Date{1890, 1, 1}.AddDays(i)
		if got != want {
			t.Fatalf("AddDays(%d) = %v, want %v", i, got, want)
		}
		if got.Weekday() != tt.Weekday() {
			t.Fatalf("%v.Weekday() = %v, want %v", got, got.Weekday(), tt.Weekday())
		}
		wy, ww := tt.ISOWeek()
		gy, gw := ISOWeek(got)
		if gy != wy || gw != ww {
			t.Fatalf("ISOWeek(%v) = %d-W%d, want %d-W%d", got, gy, gw, wy, ww)
		}
		if DaysIn(got.Year, got.Month) != time.Date(got.Year, got.Month+1, 0, 0, 0, 0, 0, time.UTC).Day() {
			t.Fatalf("DaysIn(%d, %v) wrong", got.Year, got.Month)
		}
	}
}

func TestNewDateNormalises(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		y    int
		m    time.Month
		day  int
		want string
	}{
		{"plain", 2026, 3, 15, "2026-03-15"},
		{"day zero is the last day of the previous month", 2024, 3, 0, "2024-02-29"},
		{"month thirteen is next January", 2025, 13, 1, "2026-01-01"},
		{"month zero is previous December", 2025, 0, 31, "2024-12-31"},
		{"day past the end overflows", 2026, 2, 30, "2026-03-02"},
		{"negative month", 2026, -1, 1, "2025-11-01"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, NewDate(tc.y, tc.m, tc.day).String())
		})
	}
}

func TestAddMonthsClampsToMonthEnd(t *testing.T) {
	t.Parallel()
	tests := []struct {
		from string
		n    int
		want string
	}{
		{"2026-01-31", 1, "2026-02-28"},
		{"2024-01-31", 1, "2024-02-29"},
		{"2024-02-29", 12, "2025-02-28"},
		{"2024-02-29", 48, "2028-02-29"},
		{"2026-03-31", -1, "2026-02-28"},
		{"2026-05-31", 1, "2026-06-30"},
		{"2026-12-15", 1, "2027-01-15"},
		{"2026-01-15", -13, "2024-12-15"},
	}
	for _, tc := range tests {
		t.Run(tc.from, func(t *testing.T) {
			assert.Equal(t, tc.want, d(tc.from).AddMonths(tc.n).String())
		})
	}
}

func TestParseDate(t *testing.T) {
	t.Parallel()
	for _, ok := range []string{"2024-02-29", "1990-01-01", "2100-12-31"} {
		got, err := ParseDate(ok)
		require.NoError(t, err, ok)
		assert.Equal(t, ok, got.String())
	}
	for _, bad := range []string{"", "2025-02-29", "2026-13-01", "2026-00-10", "2026-1-1", "2026-01-01T00:00:00Z", "abcd-ef-gh", "2026/01/01"} {
		_, err := ParseDate(bad)
		assert.Error(t, err, bad)
	}
}

func TestDateJSON(t *testing.T) {
	t.Parallel()
	var v struct {
		A Date `json:"a"`
		B Date `json:"b,omitzero"`
	}
	require.NoError(t, json.Unmarshal([]byte(`{"a":"2026-06-19"}`), &v))
	assert.Equal(t, Date{2026, time.June, 19}, v.A)
	b, err := json.Marshal(v)
	require.NoError(t, err)
	assert.JSONEq(t, `{"a":"2026-06-19"}`, string(b))
	assert.Error(t, json.Unmarshal([]byte(`{"a":"2026-06-31"}`), &v))
}

func TestDateCompare(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(1, 2))
	for range 10000 {
		a := Date{1990, 1, 1}.AddDays(r.IntN(40000))
		b := Date{1990, 1, 1}.AddDays(r.IntN(40000))
		want := cmpInt(a.days(), b.days())
		require.Equal(t, want, a.Compare(b), "%v vs %v", a, b)
		require.Equal(t, b.days()-a.days(), a.DaysUntil(b))
	}
}

func TestTimeOfDay(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in      string
		want    TimeOfDay
		wantErr bool
	}{
		{"08:30", TimeOfDay{8, 30}, false},
		{"9:05", TimeOfDay{9, 5}, false},
		{"23:59", TimeOfDay{23, 59}, false},
		{"24:00", TimeOfDay{}, true},
		{"12:60", TimeOfDay{}, true},
		{"1230", TimeOfDay{}, true},
		{"ab:cd", TimeOfDay{}, true},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			got, err := ParseTimeOfDay(tc.in)
			if tc.wantErr {
				assert.Error(t, err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
}

func TestDateAtAcrossDaylightSaving(t *testing.T) {
	t.Parallel()
	hel, err := LoadLocation("Europe/Helsinki")
	require.NoError(t, err)
	// 29 March 2026: clocks go from 03:00 to 04:00 in Helsinki.
	at := d("2026-03-29").At(TimeOfDay{3, 30}, hel)
	assert.Equal(t, "2026-03-29T04:30:00+03:00", at.Format(time.RFC3339))
	at = d("2026-03-28").At(TimeOfDay{8, 0}, hel)
	assert.Equal(t, "2026-03-28T06:00:00Z", at.UTC().Format(time.RFC3339))
	at = d("2026-03-30").At(TimeOfDay{8, 0}, hel)
	assert.Equal(t, "2026-03-30T05:00:00Z", at.UTC().Format(time.RFC3339))
}

func TestPeriods(t *testing.T) {
	t.Parallel()
	tests := []struct {
		day   string
		unit  PeriodUnit
		shift int
		start string
		end   string
		label string
	}{
		{"2026-01-15", UnitMonth, 0, "2026-01-01", "2026-01-31", "2026-01"},
		{"2026-01-15", UnitMonth, -1, "2025-12-01", "2025-12-31", "2025-12"},
		{"2024-03-31", UnitMonth, -1, "2024-02-01", "2024-02-29", "2024-02"},
		{"2026-05-20", UnitQuarter, 0, "2026-04-01", "2026-06-30", "2026-Q2"},
		{"2026-01-02", UnitQuarter, -1, "2025-10-01", "2025-12-31", "2025-Q4"},
		{"2026-01-01", UnitWeek, 0, "2025-12-29", "2026-01-04", "2026-W01"},
		{"2027-01-01", UnitWeek, 0, "2026-12-28", "2027-01-03", "2026-W53"},
		{"2026-07-04", UnitYear, -1, "2025-01-01", "2025-12-31", "2025"},
		{"2026-07-04", UnitDay, 1, "2026-07-05", "2026-07-05", "2026-07-05"},
	}
	for _, tc := range tests {
		t.Run(string(tc.unit)+" "+tc.day, func(t *testing.T) {
			p := PeriodOf(d(tc.day), tc.unit).Shift(tc.shift)
			assert.Equal(t, tc.start, p.Start.String())
			assert.Equal(t, tc.end, p.End.String())
			assert.Equal(t, tc.label, p.Label)
			assert.True(t, p.Contains(p.Start) && p.Contains(p.End))
			assert.False(t, p.Contains(p.End.AddDays(1)))
		})
	}
}
