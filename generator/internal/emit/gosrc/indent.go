package gosrc

import (
	"bytes"
	"go/doc/comment"
	"strings"
)

// Indent returns Go source indented as gofmt would indent code without aligned
// columns: one tab per open line (a line that leaves brackets open, however
// many), a line starting with closing brackets and case and default labels one
// level out, and runs of blank lines made one. It does not add the blank line
// gofmt puts between declarations of different kinds: emitters write it.
// Comments and literals are skipped; raw string literals must not span lines.
// Top-level doc comments are reformatted as gofmt reformats them.
func Indent(source []byte) []byte {
	return formatDocComments(indent(source))
}

// indent is Indent without reformatting doc comments.
func indent(source []byte) []byte {
	var out bytes.Buffer
	out.Grow(len(source) + len(source)/8)
	var open []int // for every indentation level, how many brackets hold it open
	blank := false
	rest := string(source)
	for rest != "" {
		var raw string
		raw, rest, _ = strings.Cut(rest, "\n")
		line := strings.TrimSpace(raw)
		if line == "" {
			blank = out.Len() > 0
			continue
		}
		opens, closes, leading := brackets(line)
		open = closeBrackets(open, leading)
		if blank {
			out.WriteByte('\n')
		}
		blank = false
		level := len(open)
		if isLabel(line) {
			level--
		}
		writeTabs(&out, level)
		out.WriteString(line)
		out.WriteByte('\n')
		if net := opens - (closes - leading); net > 0 {
			open = append(open, net)
		} else {
			open = closeBrackets(open, -net)
		}
	}
	return out.Bytes()
}

// tabs is the indentation of the levels generated code reaches, written
// without building a string a line.
const tabs = "\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t"

// writeTabs writes n tabs (none when n is not positive).
func writeTabs(out *bytes.Buffer, n int) {
	for n > len(tabs) {
		out.WriteString(tabs)
		n -= len(tabs)
	}
	if n > 0 {
		out.WriteString(tabs[:n])
	}
}

// formatDocComments rewrites every top-level doc comment of source (a group of
// unindented // lines directly followed by an unindented declaration) as gofmt
// does, by the rules of go/doc/comment. The lines must be plain comments
// (Comment writes them), not directives.
func formatDocComments(source []byte) []byte {
	lines := strings.SplitAfter(string(source), "\n")
	var out bytes.Buffer
	out.Grow(len(source))
	for i := 0; i < len(lines); {
		end := i
		for end < len(lines) && strings.HasPrefix(lines[end], "//") {
			end++
		}
		if end > i && end < len(lines) && startsDeclaration(lines[end]) {
			out.WriteString(docComment(lines[i:end]))
		} else {
			for _, line := range lines[i:max(end, i+1)] {
				out.WriteString(line)
			}
		}
		i = max(end, i+1)
	}
	return out.Bytes()
}

func startsDeclaration(line string) bool {
	return line != "\n" && line != "" && line[0] != ' ' && line[0] != '\t' && line[0] != '}' && line[0] != ')'
}

// docComment returns the comment lines (each ending in a line break) reformatted
// as a doc comment.
func docComment(lines []string) string {
	var text strings.Builder
	for _, line := range lines {
		line = strings.TrimSuffix(strings.TrimPrefix(line, "//"), "\n")
		text.WriteString(strings.TrimPrefix(line, " ") + "\n")
	}
	var parser comment.Parser
	var printer comment.Printer
	formatted := string(printer.Comment(parser.Parse(text.String())))
	var out strings.Builder
	for _, line := range strings.SplitAfter(formatted, "\n") {
		switch {
		case line == "":
		case line == "\n":
			out.WriteString("//\n")
		case strings.HasPrefix(line, "\t"):
			out.WriteString("//" + line)
		default:
			out.WriteString("// " + line)
		}
	}
	return out.String()
}

// closeBrackets closes n brackets, innermost level first.
func closeBrackets(open []int, n int) []int {
	for n > 0 && len(open) > 0 {
		top := len(open) - 1
		taken := min(n, open[top])
		open[top] -= taken
		n -= taken
		if open[top] == 0 {
			open = open[:top]
		}
	}
	return open
}

func isLabel(line string) bool {
	return strings.HasPrefix(line, "case ") || line == "default:"
}

// brackets counts the opening and closing brackets of line, and the closing
// ones it starts with, skipping comments, strings and runes.
func brackets(line string) (opens, closes, leading int) {
	atStart := true
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch c {
		case '/':
			if i+1 < len(line) && line[i+1] == '/' {
				return opens, closes, leading
			}
		case '"', '\'', '`':
			end, err := skipQuoted(line, i)
			if err != nil { // the literal runs past the line
				return opens, closes, leading
			}
			i = end - 1
		case '(', '[', '{':
			opens++
		case ')', ']', '}':
			closes++
			if atStart {
				leading++
			}
			continue
		}
		atStart = false
	}
	return opens, closes, leading
}
