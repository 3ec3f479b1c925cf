package graph

import (
	"strconv"

	"portico/api/graph/model"
	"portico/engine/apperr"
	"portico/engine/workflow"
)

// parseCountryID reads a country's (or a holiday year's) numeric id; a malformed
// one is RECORD_NOT_FOUND of entity, like an unknown one.
func parseCountryID(s, entity string) (int64, error) {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n <= 0 {
		return 0, apperr.NotFound(entity)
	}
	return n, nil
}

// holidayInputs maps the holidays a client sends (nil stays nil).
func holidayInputs(in []*model.HolidayInput) []workflow.HolidayInput {
	if in == nil {
		return nil
	}
	out := make([]workflow.HolidayInput, 0, len(in))
	for _, h := range in {
		out = append(out, workflow.HolidayInput{Date: h.Date, Name: h.Name, LocalName: value(h.LocalName)})
	}
	return out
}

// CountryHoliday maps a holiday year.
func CountryHoliday(y workflow.HolidayYear) *model.CountryHoliday {
	out := &model.CountryHoliday{ID: strconv.FormatInt(y.ID, 10), Year: strconv.Itoa(int(y.Year)),
		Holidays: make([]*model.Holiday, 0, len(y.Holidays))}
	for _, h := range y.Holidays {
		out.Holidays = append(out.Holidays, &model.Holiday{Date: h.Date.Time.Format("2006-01-02"), Name: h.Name,
			LocalName: h.LocalName})
	}
	return out
}

func countryHolidayPayload(y workflow.HolidayYear, errs []*model.MutationError) *model.CountryHolidayPayload {
	out := &model.CountryHolidayPayload{Errors: errs}
	if len(errs) == 0 {
		out.CountryHoliday = CountryHoliday(y)
	}
	return out
}
