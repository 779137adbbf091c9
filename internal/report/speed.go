package report

import "strings"

// Speed is a lichess speed class, told from a TimeControl tag by the
// estimated duration of the game: base seconds + 40 × increment seconds
// (lichess FAQ, "time controls"; scalachess chess.Speed).
type Speed uint8

const (
	SpeedUnknown   Speed = iota // no TimeControl tag, or one that is not "base+increment", "base" or "-"
	UltraBullet                 // estimated duration up to 29 s
	Bullet                      // 30 to 179 s
	Blitz                       // 180 to 479 s
	Rapid                       // 480 to 1,499 s
	Classical                   // 1,500 s and more
	Correspondence              // TimeControl "-": no clock
	NumSpeeds                   // the number of speed classes, for arrays indexed by Speed
)

// speedOrder is the order speed classes are shown in, unknown last.
var speedOrder = [...]Speed{UltraBullet, Bullet, Blitz, Rapid, Classical, Correspondence, SpeedUnknown}

var speedNames = [NumSpeeds]string{
	SpeedUnknown:   "unknown",
	UltraBullet:    "ultrabullet",
	Bullet:         "bullet",
	Blitz:          "blitz",
	Rapid:          "rapid",
	Classical:      "classical",
	Correspondence: "correspondence",
}

func (s Speed) String() string {
	if s < NumSpeeds {
		return speedNames[s]
	}
	return "unknown"
}

// speedByName is the inverse of String.
func speedByName(name string) (Speed, bool) {
	for s, n := range speedNames {
		if n == name {
			return Speed(s), true
		}
	}
	return SpeedUnknown, false
}

// SpeedOf classifies a TimeControl tag the way lichess does. "base+inc" and
// "base" are in seconds; the estimated duration is base + 40 × inc, and the
// class bounds are inclusive as in scalachess (0 to 29 ultrabullet, 30 to 179
// bullet, 180 to 479 blitz, 480 to 1,499 rapid, from 1,500 classical). "-" is
// correspondence. Anything else (empty, "?", "40/7200", "1/86400") is
// SpeedUnknown. It does not allocate.
func SpeedOf(timeControl string) Speed {
	tc := strings.TrimSpace(timeControl)
	if tc == "-" {
		return Correspondence
	}
	base, inc, ok := strings.Cut(tc, "+")
	b, okb := seconds(base)
	if !okb {
		return SpeedUnknown
	}
	var i int64
	if ok {
		var oki bool
		if i, oki = seconds(inc); !oki {
			return SpeedUnknown
		}
	}
	switch est := b + 40*i; {
	case est <= 29:
		return UltraBullet
	case est <= 179:
		return Bullet
	case est <= 479:
		return Blitz
	case est <= 1499:
		return Rapid
	}
	return Classical
}

// seconds parses a non-empty run of decimal digits, saturating at a value far
// above any clock so that overlong tags cannot overflow.
func seconds(s string) (int64, bool) {
	if s == "" {
		return 0, false
	}
	var n int64
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		if n < 1<<40 {
			n = n*10 + int64(c-'0')
		}
	}
	return n, true
}
