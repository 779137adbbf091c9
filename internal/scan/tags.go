package scan

// tagKey names the tags the pipeline reads; the others are skipped.
type tagKey uint8

const (
	tagEvent tagKey = iota
	tagSite
	tagDate
	tagRound
	tagWhite
	tagBlack
	tagResult
	tagTimeControl
	tagECO
	tagTermination
	tagWhiteElo
	tagBlackElo
	tagEventDate
	tagUTCDate
	tagFEN
	tagVariant
	tagSetUp
	numTags
)

var tagNames = [numTags]string{
	tagEvent: "Event", tagSite: "Site", tagDate: "Date", tagRound: "Round", tagWhite: "White",
	tagBlack: "Black", tagResult: "Result", tagTimeControl: "TimeControl", tagECO: "ECO",
	tagTermination: "Termination", tagWhiteElo: "WhiteElo", tagBlackElo: "BlackElo",
	tagEventDate: "EventDate", tagUTCDate: "UTCDate", tagFEN: "FEN", tagVariant: "Variant", tagSetUp: "SetUp",
}

// tagSet holds the raw values of one game's tags, as views into its chunk. The first
// occurrence of a tag wins.
type tagSet struct {
	values [numTags][]byte
	seen   [numTags]bool
}

func (t *tagSet) reset() { *t = tagSet{} }

// set records a tag if it is one the pipeline reads.
func (t *tagSet) set(name, value []byte) {
	for k := range tagNames {
		if !t.seen[k] && string(name) == tagNames[k] {
			t.values[k], t.seen[k] = value, true
			return
		}
	}
}

// get returns the raw value of a tag, nil when absent.
func (t *tagSet) get(k tagKey) []byte { return t.values[k] }
