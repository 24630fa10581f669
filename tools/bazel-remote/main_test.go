package main

import (
	"container/list"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestPutGetEvict(t *testing.T) {
	c := &cache{dir: t.TempDir(), max: 10, lru: list.New(), index: map[string]*list.Element{}}
	if err := c.load(); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(c)
	defer srv.Close()
	do := func(method, path, body string) (int, string) {
		req, _ := http.NewRequest(method, srv.URL+path, strings.NewReader(body))
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	cas := func(s string) string { h := sha256.Sum256([]byte(s)); return "/cas/" + hex.EncodeToString(h[:]) }

	if code, _ := do("PUT", cas("abcdef"), "abcdef"); code != 200 {
		t.Fatalf("put: %d", code)
	}
	if code, body := do("GET", cas("abcdef"), ""); code != 200 || body != "abcdef" {
		t.Fatalf("get: %d %q", code, body)
	}
	if code, _ := do("PUT", cas("other"), "abcdef"); code != 400 {
		t.Fatalf("CAS blob with a wrong hash stored: %d", code)
	}
	// 6 + 6 bytes > 10: the least recently used blob goes.
	if code, _ := do("PUT", cas("ghijkl"), "ghijkl"); code != 200 {
		t.Fatalf("put 2: %d", code)
	}
	if code, _ := do("GET", cas("abcdef"), ""); code != 404 {
		t.Fatalf("evicted blob still served: %d", code)
	}
	if code, _ := do("PUT", cas("much too large"), "much too large"); code != 413 {
		t.Fatalf("blob over max_size: %d", code)
	}
	// A restart finds what is on disk.
	c2 := &cache{dir: c.dir, max: 10, lru: list.New(), index: map[string]*list.Element{}}
	if err := c2.load(); err != nil || c2.size != 6 || c2.lru.Len() != 1 {
		t.Fatalf("reload: %v, %d bytes, %d blobs", err, c2.size, c2.lru.Len())
	}
}
