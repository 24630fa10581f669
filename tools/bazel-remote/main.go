// Command bazel-remote is a small stand-in for github.com/buchgr/bazel-remote,
// which the Go module proxy reachable here refuses to serve: an HTTP remote
// cache for Bazel (--remote_cache=http://...) speaking the same subset of its
// protocol (GET/HEAD/PUT /ac/<sha256> and /cas/<sha256>, GET /status), with the
// same flag names, blobs kept under --dir and the least recently used ones
// evicted past --max_size GiB. Standard library only; see tools/bazel-remote.sh.
package main

import (
	"container/list"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"sync"
	"sync/atomic"
	"time"
)

var keyRE = regexp.MustCompile(`^/(ac|cas)/([0-9a-f]{64})$`)

type entry struct {
	key  string // "ac/<hash>" or "cas/<hash>"
	size int64
}

type cache struct {
	dir     string
	max     int64
	mu      sync.Mutex
	lru     *list.List // front = most recently used
	index   map[string]*list.Element
	size    int64
	hits    atomic.Int64
	misses  atomic.Int64
	puts    atomic.Int64
	evicted atomic.Int64
}

func (c *cache) path(key string) string {
	kind, hash := filepath.Split(key)
	return filepath.Join(c.dir, kind, hash[:2], hash)
}

// load indexes the blobs already on disk, oldest first.
func (c *cache) load() error {
	type found struct {
		entry
		mtime time.Time
	}
	var all []found
	for _, kind := range []string{"ac", "cas"} {
		root := filepath.Join(c.dir, kind)
		if err := os.MkdirAll(root, 0o755); err != nil {
			return err
		}
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			if len(d.Name()) != 64 {
				return os.Remove(p) // leftover temporary file
			}
			info, err := d.Info()
			if err != nil {
				return err
			}
			all = append(all, found{entry{kind + "/" + d.Name(), info.Size()}, info.ModTime()})
			return nil
		})
		if err != nil {
			return err
		}
	}
	sort.Slice(all, func(i, j int) bool { return all[i].mtime.Before(all[j].mtime) })
	for _, f := range all {
		c.add(f.entry)
	}
	c.evict()
	return nil
}

// add records a stored blob as the most recently used; c.mu must be held or
// the cache not yet shared.
func (c *cache) add(e entry) {
	if old, ok := c.index[e.key]; ok {
		c.size -= old.Value.(entry).size
		c.lru.Remove(old)
	}
	c.index[e.key] = c.lru.PushFront(e)
	c.size += e.size
}

func (c *cache) evict() {
	for c.size > c.max && c.lru.Len() > 0 {
		e := c.lru.Remove(c.lru.Back()).(entry)
		delete(c.index, e.key)
		c.size -= e.size
		os.Remove(c.path(e.key))
		c.evicted.Add(1)
	}
}

func (c *cache) get(w http.ResponseWriter, r *http.Request, key string) {
	c.mu.Lock()
	el, ok := c.index[key]
	if ok {
		c.lru.MoveToFront(el)
	}
	c.mu.Unlock()
	var f *os.File
	var err error
	if ok {
		f, err = os.Open(c.path(key))
	}
	if !ok || err != nil {
		c.misses.Add(1)
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	c.hits.Add(1)
	info, err := f.Stat()
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/octet-stream")
	w.Header().Set("Content-Length", fmt.Sprint(info.Size()))
	if r.Method == http.MethodHead {
		return
	}
	io.Copy(w, f)
}

func (c *cache) put(w http.ResponseWriter, r *http.Request, key string) {
	final := c.path(key)
	if err := os.MkdirAll(filepath.Dir(final), 0o755); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	tmp, err := os.CreateTemp(filepath.Dir(final), "upload-")
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	defer os.Remove(tmp.Name())
	h := sha256.New()
	n, err := io.Copy(io.MultiWriter(tmp, h), r.Body)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	// A CAS blob's name is its content's hash: refuse anything else.
	if kind, hash := filepath.Split(key); kind == "cas/" && hex.EncodeToString(h.Sum(nil)) != hash {
		http.Error(w, "content does not match its sha256", http.StatusBadRequest)
		return
	}
	if n > c.max {
		http.Error(w, "blob larger than --max_size", http.StatusRequestEntityTooLarge)
		return
	}
	if err := os.Rename(tmp.Name(), final); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	c.mu.Lock()
	c.add(entry{key, n})
	c.evict()
	c.mu.Unlock()
	c.puts.Add(1)
	w.WriteHeader(http.StatusOK)
}

func (c *cache) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == "/status" {
		c.mu.Lock()
		st := map[string]any{
			"CurrSize": c.size, "MaxSize": c.max, "NumFiles": c.lru.Len(),
			"Hits": c.hits.Load(), "Misses": c.misses.Load(),
			"Puts": c.puts.Load(), "Evicted": c.evicted.Load(),
		}
		c.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(st)
		return
	}
	m := keyRE.FindStringSubmatch(r.URL.Path)
	if m == nil {
		http.NotFound(w, r)
		return
	}
	key := m[1] + "/" + m[2]
	switch r.Method {
	case http.MethodGet, http.MethodHead:
		c.get(w, r, key)
	case http.MethodPut:
		c.put(w, r, key)
	default:
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
	}
}

func main() {
	dir := flag.String("dir", "", "folder for the cached blobs (required)")
	maxGiB := flag.Float64("max_size", 10, "cache size bound in GiB; least recently used blobs are evicted past it")
	host := flag.String("host", "127.0.0.1", "address to listen on")
	port := flag.Int("port", 8082, "HTTP port")
	flag.Parse()
	if *dir == "" || *maxGiB <= 0 {
		log.Fatal("need --dir and a positive --max_size")
	}
	c := &cache{dir: *dir, max: int64(*maxGiB * (1 << 30)), lru: list.New(), index: map[string]*list.Element{}}
	if err := c.load(); err != nil {
		log.Fatal(err)
	}
	addr := net.JoinHostPort(*host, fmt.Sprint(*port))
	log.Printf("bazel-remote (armhub stand-in): http://%s, dir %s, %d blobs, %d of %d bytes", addr, *dir, c.lru.Len(), c.size, c.max)
	log.Fatal(http.ListenAndServe(addr, c))
}
