// Package jsonfile holds what the schema loaders (armschema, swagger) share:
// a JSON parser that rejects duplicate keys and reports syntax errors at a line
// and column, JSON pointer tokens, the JSON schema validation keywords and enum
// values read into the model, and small helpers on the model's types.
package jsonfile

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/armhub/armhub/generator/internal/model"
)

// maxDepth bounds the nesting of JSON values, so hostile input cannot exhaust
// the stack.
const maxDepth = 500

// Parse decodes data into maps, slices, strings, json.Numbers, bools and
// nils. Unlike json.Unmarshal it rejects duplicate object keys, which would
// otherwise silently drop one of the values. Errors are *model.Error at the
// file's line and column.
func Parse(file string, data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	p := &parser{dec: dec, file: file, data: data}
	v, err := p.value(0)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, p.errAt(dec.InputOffset(), "unexpected data after the top-level JSON value")
	}
	return v, nil
}

type parser struct {
	dec  *json.Decoder
	file string
	data []byte
}

func (p *parser) value(depth int) (any, error) {
	if depth > maxDepth {
		return nil, p.errAt(p.dec.InputOffset(), "JSON nested deeper than %d levels", maxDepth)
	}
	tok, err := p.dec.Token()
	if err != nil {
		return nil, p.tokenErr(err)
	}
	switch tok {
	case json.Delim('{'):
		return p.object(depth)
	case json.Delim('['):
		return p.array(depth)
	}
	return tok, nil
}

func (p *parser) object(depth int) (any, error) {
	m := map[string]any{}
	for p.dec.More() {
		tok, err := p.dec.Token()
		if err != nil {
			return nil, p.tokenErr(err)
		}
		key, _ := tok.(string)
		if _, dup := m[key]; dup {
			return nil, p.errAt(p.dec.InputOffset(), "duplicate object key %q", key)
		}
		v, err := p.value(depth + 1)
		if err != nil {
			return nil, err
		}
		m[key] = v
	}
	return m, p.closing()
}

func (p *parser) array(depth int) (any, error) {
	a := []any{}
	for p.dec.More() {
		v, err := p.value(depth + 1)
		if err != nil {
			return nil, err
		}
		a = append(a, v)
	}
	return a, p.closing()
}

func (p *parser) closing() error {
	if _, err := p.dec.Token(); err != nil {
		return p.tokenErr(err)
	}
	return nil
}

func (p *parser) tokenErr(err error) error {
	var syn *json.SyntaxError
	if errors.As(err, &syn) {
		return p.errAt(syn.Offset, "malformed JSON: %v", syn)
	}
	if err == io.EOF || errors.Is(err, io.ErrUnexpectedEOF) {
		return p.errAt(int64(len(p.data)), "malformed JSON: unexpected end of input")
	}
	return p.errAt(p.dec.InputOffset(), "malformed JSON: %v", err)
}

// errAt returns an error at the line and column of the byte offset off.
func (p *parser) errAt(off int64, format string, args ...any) error {
	line, col := lineCol(p.data, off)
	msg := fmt.Sprintf(format, args...)
	return model.Errorf(model.Location{File: p.file, Line: line, Column: col}, "%s", msg)
}

// lineCol turns a byte offset into a 1-based line and column (in bytes).
func lineCol(data []byte, off int64) (int, int) {
	if off < 0 {
		off = 0
	}
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	before := data[:off]
	line := bytes.Count(before, []byte("\n")) + 1
	col := len(before) - bytes.LastIndexByte(before, '\n')
	return line, col
}

// The replacers of pointer tokens, built once: building one costs more than
// replacing, and every property of every schema passes through Escape.
var (
	escaper   = strings.NewReplacer("~", "~0", "/", "~1")
	unescaper = strings.NewReplacer("~1", "/", "~0", "~")
)

// Escape escapes one JSON pointer token (RFC 6901).
func Escape(token string) string {
	return escaper.Replace(token)
}

// Unescape undoes Escape.
func Unescape(token string) string {
	return unescaper.Replace(token)
}
