package graph

import (
	"slices"
	"time"

	"github.com/rickar/cal/v2"
	"github.com/rickar/cal/v2/aa"
	"github.com/rickar/cal/v2/gb"
	"github.com/rickar/cal/v2/no"
	"github.com/rickar/cal/v2/se"
)

// KnownCountries returns the codes of the countries with built-in holiday
// rules, sorted.
func KnownCountries() []string { return []string{"ee", "fi", "gb", "no", "se"} }

// holidayRule is one built-in holiday: rickar/cal computes its date, Portico
// names it.
type holidayRule struct {
	h     *cal.Holiday
	name  string
	local string
}

// on returns the holiday in year y, on its observed date. A holiday observed
// on another day than its own (the UK's substitute days) is named so.
func (r holidayRule) on(y int) (Holiday, bool) {
	actual, observed := r.h.Calc(y)
	if observed.IsZero() {
		return Holiday{}, false
	}
	h := Holiday{Date: DateOf(observed), Name: r.name, LocalName: r.local, Source: SourceBuiltin}
	if !DateOf(actual).IsZero() && DateOf(actual) != h.Date {
		h.Name += " (substitute day)"
		if h.LocalName != "" {
			h.LocalName += " (substitute day)"
		}
	}
	return h, true
}

func countryRules(code string) []holidayRule {
	switch code {
	case "fi":
		return finland
	case "se":
		return sweden
	case "no":
		return norway
	case "ee":
		return estonia
	case "gb":
		return britain
	default:
		return nil
	}
}

func fixed(month time.Month, day int) *cal.Holiday {
	return &cal.Holiday{Month: month, Day: day, Func: cal.CalcDayOfMonth}
}

// weekdayFrom is the first given weekday on or after month/day: Finnish and
// Swedish Midsummer and All Saints' Day move to a Friday or Saturday.
func weekdayFrom(month time.Month, day int, wd time.Weekday) *cal.Holiday {
	return &cal.Holiday{Month: month, Day: day, Weekday: wd, Offset: 1, Func: cal.CalcWeekdayFrom}
}

// Finland: the public holidays of the Finnish calendar plus Midsummer Eve and
// Christmas Eve, which are non-working days by collective agreement and on
// which banks are closed. rickar/cal has no Finnish calendar; it is built from
// the common (aa) holidays and the Easter helper. The rules are those in force
// since 1991 (from 1973 to 1990 Epiphany and Ascension Day were moved to
// Saturdays; that is not modelled).
var finland = []holidayRule{
	{aa.NewYear, "New Year's Day", "uudenvuodenpäivä"},
	{aa.Epiphany, "Epiphany", "loppiainen"},
	{aa.GoodFriday, "Good Friday", "pitkäperjantai"},
	{aa.Easter, "Easter Sunday", "pääsiäispäivä"},
	{aa.EasterMonday, "Easter Monday", "2. pääsiäispäivä"},
	{aa.WorkersDay, "May Day", "vappu"},
	{aa.AscensionDay, "Ascension Day", "helatorstai"},
	{aa.Pentecost, "Whit Sunday", "helluntaipäivä"},
	{weekdayFrom(time.June, 19, time.Friday), "Midsummer Eve", "juhannusaatto"},
	{weekdayFrom(time.June, 20, time.Saturday), "Midsummer Day", "juhannuspäivä"},
	{weekdayFrom(time.October, 31, time.Saturday), "All Saints' Day", "pyhäinpäivä"},
	{fixed(time.December, 6), "Independence Day", "itsenäisyyspäivä"},
	{fixed(time.December, 24), "Christmas Eve", "jouluaatto"},
	{aa.ChristmasDay, "Christmas Day", "joulupäivä"},
	{aa.ChristmasDay2, "St Stephen's Day", "tapaninpäivä"},
}

// Sweden: rickar/cal's Swedish calendar, with Easter Day and Whit Sunday added
// (they are public holidays, though on a Sunday) and the three eves it marks as
// de facto non-working days (Midsummer, Christmas and New Year's Eve).
var sweden = []holidayRule{
	{se.Nyarsdagen, "New Year's Day", "nyårsdagen"},
	{se.TrettondedagJul, "Epiphany", "trettondedag jul"},
	{se.Langfredagen, "Good Friday", "långfredagen"},
	{se.Paskdagen, "Easter Sunday", "påskdagen"},
	{se.AnnandagPask, "Easter Monday", "annandag påsk"},
	{se.ForstaMaj, "May Day", "första maj"},
	{se.KristiHimmelfardsdag, "Ascension Day", "Kristi himmelsfärds dag"},
	{se.Pingstdagen, "Whit Sunday", "pingstdagen"},
	{se.Nationaldagen, "National Day of Sweden", "Sveriges nationaldag"},
	{se.Midsommarafton, "Midsummer Eve", "midsommarafton"},
	{se.Midsommardagen, "Midsummer Day", "midsommardagen"},
	{se.AllaHelgonsDag, "All Saints' Day", "alla helgons dag"},
	{se.Julafton, "Christmas Eve", "julafton"},
	{se.Juldagen, "Christmas Day", "juldagen"},
	{se.AnnandagJul, "Boxing Day", "annandag jul"},
	{se.Nyarsafton, "New Year's Eve", "nyårsafton"},
}

// Norway: rickar/cal's Norwegian calendar with Easter Day and Whit Sunday
// added (public holidays on a Sunday).
var norway = []holidayRule{
	{no.FoersteNyttaarsdag, "New Year's Day", "første nyttårsdag"},
	{no.Skjaertorsdag, "Maundy Thursday", "skjærtorsdag"},
	{no.Langfredag, "Good Friday", "langfredag"},
	{aa.Easter, "Easter Sunday", "første påskedag"},
	{no.AndrePaaskedag, "Easter Monday", "andre påskedag"},
	{no.Arbeiderenesdag, "Labour Day", "arbeidernes dag"},
	{no.Grunnlovsdag, "Constitution Day", "grunnlovsdag"},
	{no.Kristihimmelfartsdag, "Ascension Day", "Kristi himmelfartsdag"},
	{aa.Pentecost, "Whit Sunday", "første pinsedag"},
	{no.AndrePinsedag, "Whit Monday", "andre pinsedag"},
	{no.FoersteJuledag, "Christmas Day", "første juledag"},
	{no.AndreJuledag, "Boxing Day", "andre juledag"},
}

// Estonia: the public holidays (riigipühad) of the Holidays and Anniversaries
// Act. rickar/cal has no Estonian calendar; it is built from the common (aa)
// holidays and the Easter helper. Christmas Eve has been a public holiday
// since 2005.
var estonia = []holidayRule{
	{aa.NewYear, "New Year's Day", "uusaasta"},
	{fixed(time.February, 24), "Independence Day", "iseseisvuspäev"},
	{aa.GoodFriday, "Good Friday", "suur reede"},
	{aa.Easter, "Easter Sunday", "ülestõusmispühade 1. püha"},
	{aa.WorkersDay, "Spring Day", "kevadpüha"},
	{aa.Pentecost, "Whit Sunday", "nelipühade 1. püha"},
	{fixed(time.June, 23), "Victory Day", "võidupüha"},
	{fixed(time.June, 24), "Midsummer Day", "jaanipäev"},
	{fixed(time.August, 20), "Day of Restoration of Independence", "taasiseseisvumispäev"},
	{sinceYear(fixed(time.December, 24), 2005), "Christmas Eve", "jõululaupäev"},
	{aa.ChristmasDay, "Christmas Day", "esimene jõulupüha"},
	{aa.ChristmasDay2, "Boxing Day", "teine jõulupüha"},
}

func sinceYear(h *cal.Holiday, y int) *cal.Holiday {
	h.StartYear = y
	return h
}

// christmasObserved moves Christmas Day and Boxing Day off a weekend the way
// gov.uk lists them: a Saturday or Sunday holiday is observed two days later,
// so that Christmas on a Sunday gives "Christmas Day (substitute day)" on
// Tuesday 27 December while Boxing Day stays on Monday 26.
var christmasObserved = []cal.AltDay{{Day: time.Saturday, Offset: 2}, {Day: time.Sunday, Offset: 2}}

// Great Britain: the bank holidays of England and Wales (Scotland and
// Northern Ireland have others), from rickar/cal's UK calendar, including its
// one-off days (2020 VE Day, 2022 Jubilee, 2023 Coronation), plus the 2022
// State Funeral bank holiday it lacks.
var britain = []holidayRule{
	{gb.NewYear, "New Year's Day", ""},
	{gb.GoodFriday, "Good Friday", ""},
	{gb.EasterMonday, "Easter Monday", ""},
	{gb.EarlyMay, "Early May bank holiday", ""},
	{gb.VEDay, "Early May bank holiday (VE day)", ""},
	{gb.CoronationDay, "Bank holiday for the coronation of King Charles III", ""},
	{gb.SpringHoliday, "Spring bank holiday", ""},
	{gb.SpringHoliday2022, "Spring bank holiday", ""},
	{gb.PlatinumJubilee, "Platinum Jubilee bank holiday", ""},
	{oneOff(2022, time.September, 19), "Bank holiday for the State Funeral of Queen Elizabeth II", ""},
	{gb.SummerHoliday, "Summer bank holiday", ""},
	{withObserved(aa.ChristmasDay, christmasObserved), "Christmas Day", ""},
	{withObserved(aa.ChristmasDay2, christmasObserved), "Boxing Day", ""},
}

func oneOff(y int, m time.Month, d int) *cal.Holiday {
	h := fixed(m, d)
	h.StartYear, h.EndYear = y, y
	return h
}

func withObserved(h *cal.Holiday, alt []cal.AltDay) *cal.Holiday {
	return h.Clone(&cal.Holiday{Observed: slices.Clone(alt)})
}
