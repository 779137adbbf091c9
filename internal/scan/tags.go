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
	tagTerminationDetails
	numTags
)

var tagNames = [numTags]string{
	tagEvent: "Event", tagSite: "Site", tagDate: "Date", tagRound: "Round", tagWhite: "White",
	tagBlack: "Black", tagResult: "Result", tagTimeControl: "TimeControl", tagECO: "ECO",
	tagTermination: "Termination", tagWhiteElo: "WhiteElo", tagBlackElo: "BlackElo",
	tagEventDate: "EventDate", tagUTCDate: "UTCDate", tagFEN: "FEN", tagVariant: "Variant", tagSetUp: "SetUp",
	tagTerminationDetails: "TerminationDetails",
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
	if k, ok := keyOf(name); ok && !t.seen[k] {
		t.values[k], t.seen[k] = value, true
	}
}

// keyOf returns the key of a tag the pipeline reads. A switch, which the compiler turns into a
// search by length and bytes, costs a few comparisons where a loop over tagNames cost up to 17.
func keyOf(name []byte) (tagKey, bool) {
	switch string(name) {
	case "Event":
		return tagEvent, true
	case "Site":
		return tagSite, true
	case "Date":
		return tagDate, true
	case "Round":
		return tagRound, true
	case "White":
		return tagWhite, true
	case "Black":
		return tagBlack, true
	case "Result":
		return tagResult, true
	case "TimeControl":
		return tagTimeControl, true
	case "ECO":
		return tagECO, true
	case "Termination":
		return tagTermination, true
	case "WhiteElo":
		return tagWhiteElo, true
	case "BlackElo":
		return tagBlackElo, true
	case "EventDate":
		return tagEventDate, true
	case "UTCDate":
		return tagUTCDate, true
	case "FEN":
		return tagFEN, true
	case "Variant":
		return tagVariant, true
	case "SetUp":
		return tagSetUp, true
	case "TerminationDetails":
		return tagTerminationDetails, true
	}
	return 0, false
}

// get returns the raw value of a tag, nil when absent.
func (t *tagSet) get(k tagKey) []byte { return t.values[k] }
