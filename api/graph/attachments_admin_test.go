package graph

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestUploadBound(t *testing.T) {
	str := func(s string) *string { return &s }
	for _, tt := range []struct {
		name string
		in   *string
		end  bool
		want string // RFC 3339, "" for none, "error" for a refusal
	}{
		{"none", nil, false, ""},
		{"empty", str(""), true, ""},
		{"a day starts at midnight UTC", str("2026-11-25"), false, "2026-11-25T00:00:00Z"},
		{"a day ends at the next midnight", str("2026-11-25"), true, "2026-11-26T00:00:00Z"},
		{"a date-time is exact", str("2026-11-24T22:00:00.000Z"), true, "2026-11-24T22:00:00Z"},
		{"with an offset", str("2026-11-25T00:00:00+02:00"), false, "2026-11-24T22:00:00Z"},
		{"malformed", str("25.11.2026"), false, "error"},
		{"no such day", str("2026-02-30"), false, "error"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := uploadBound(tt.in, tt.end)
			switch tt.want {
			case "error":
				require.Error(t, err)
			case "":
				require.NoError(t, err)
				require.Nil(t, got)
			default:
				require.NoError(t, err)
				require.Equal(t, tt.want, got.UTC().Format(time.RFC3339))
			}
		})
	}
}
