package schemavalue

import (
	"regexp/syntax"
	"strings"
)

// shortestMatch returns the shortest string the pattern spells out: the
// fewest repetitions, the first alternative, the first character of each
// class. Anchors and boundaries add nothing. It is a candidate only (a
// boundary or a class may still reject it); "" if the pattern does not parse.
func shortestMatch(pattern string) string {
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return ""
	}
	var b strings.Builder
	writeShortest(&b, re.Simplify())
	return b.String()
}

func writeShortest(b *strings.Builder, re *syntax.Regexp) {
	switch re.Op {
	case syntax.OpLiteral:
		b.WriteString(string(re.Rune))
	case syntax.OpCharClass:
		if len(re.Rune) > 0 {
			b.WriteRune(re.Rune[0])
		}
	case syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		b.WriteByte('a')
	case syntax.OpCapture, syntax.OpPlus:
		writeShortest(b, re.Sub[0])
	case syntax.OpRepeat:
		for i := 0; i < re.Min; i++ {
			writeShortest(b, re.Sub[0])
		}
	case syntax.OpConcat:
		for _, sub := range re.Sub {
			writeShortest(b, sub)
		}
	case syntax.OpAlternate:
		writeShortest(b, re.Sub[0])
	}
	// OpStar, OpQuest, OpEmptyMatch, anchors and boundaries: nothing
}
