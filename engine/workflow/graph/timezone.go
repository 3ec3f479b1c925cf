package graph

import (
	"sync"
	"time"

	// The IANA database is embedded so that a machine without
	// /usr/share/zoneinfo still resolves Europe/Helsinki and friends.
	_ "time/tzdata"
)

// DefaultTimeZone returns the time zone of a country's capital for the known
// countries, and UTC for any other code.
func DefaultTimeZone(country string) string {
	switch country {
	case "fi":
		return "Europe/Helsinki"
	case "se":
		return "Europe/Stockholm"
	case "no":
		return "Europe/Oslo"
	case "ee":
		return "Europe/Tallinn"
	case "gb":
		return "Europe/London"
	}
	return "UTC"
}

var locations = struct {
	sync.RWMutex
	byName map[string]*time.Location
}{byName: map[string]*time.Location{}}

// LoadLocation is time.LoadLocation with a cache: schedules name their zone
// by string and are evaluated many times.
func LoadLocation(name string) (*time.Location, error) {
	locations.RLock()
	l, ok := locations.byName[name]
	locations.RUnlock()
	if ok {
		return l, nil
	}
	l, err := time.LoadLocation(name)
	if err != nil {
		return nil, err
	}
	locations.Lock()
	locations.byName[name] = l
	locations.Unlock()
	return l, nil
}
