package main

import (
	"archive/tar"
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/ulikunitz/xz"
)

// SumsFile is the name of the checksum file in the catalog folder.
const SumsFile = "SHA256SUMS"

// completeMarker is written into the unpacked tree last, before the tree is
// renamed into place: a tree without it is never trusted.
const completeMarker = ".complete"

// tmpPrefix starts the names of the temporary folders an unpack works in.
const tmpPrefix = ".tmp-"

// Result says where the catalog's schemas/ folder is and what this run did.
type Result struct {
	Schemas  string // <cache>/arm-catalog/<sha256>/schemas
	SHA256   string // the archive's SHA-256 (the tree's key)
	Unpacked bool   // false when a complete tree was already there
	Files    int    // regular files unpacked (0 when Unpacked is false)
}

// Ensure checks the archive that catalogDir/SHA256SUMS names against its
// SHA-256 and returns its unpacked schemas/ folder under
// cacheDir/arm-catalog/<sha256>, unpacking it first unless a complete tree is
// already there. An unpack works in a temporary folder beside the tree and is
// renamed into place only when complete, under a lock, so an interrupted run
// leaves nothing a later run trusts (a later run removes what it left). Notes
// for the user (what was removed, how much was unpacked) go to log.
func Ensure(catalogDir, cacheDir string, log io.Writer) (Result, error) {
	name, want, err := readSums(catalogDir)
	if err != nil {
		return Result{}, err
	}
	archive := filepath.Join(catalogDir, name)
	data, err := os.ReadFile(archive)
	if err != nil {
		return Result{}, fmt.Errorf("reading the archive %s named in %s: %w", archive, filepath.Join(catalogDir, SumsFile), err)
	}
	sum := sha256.Sum256(data)
	if got := hex.EncodeToString(sum[:]); got != want {
		return Result{}, fmt.Errorf("checksum mismatch: %s has SHA-256 %s, but %s expects %s; refusing to unpack it",
			archive, got, filepath.Join(catalogDir, SumsFile), want)
	}

	if cacheDir == "" {
		return Result{}, errors.New("no cache folder given")
	}
	base := filepath.Join(cacheDir, "arm-catalog")
	final := filepath.Join(base, want)
	res := Result{Schemas: filepath.Join(final, "schemas"), SHA256: want}
	if complete(final) {
		return res, nil
	}

	if err := os.MkdirAll(base, 0o755); err != nil {
		return Result{}, err
	}
	unlock, err := lock(filepath.Join(base, ".lock"))
	if err != nil {
		return Result{}, err
	}
	defer unlock()
	if complete(final) { // another run finished while we waited for the lock
		return res, nil
	}
	// Holding the lock, no other run is unpacking: whatever temporary folders
	// there are were left by interrupted runs, and a tree without its marker
	// is not one this tool finished.
	if err := removeLeftovers(base, final, log); err != nil {
		return Result{}, err
	}

	tmp, err := os.MkdirTemp(base, tmpPrefix+want[:12]+"-")
	if err != nil {
		return Result{}, err
	}
	files, size, err := unpack(data, tmp)
	if err == nil {
		err = os.Chmod(tmp, 0o755) // MkdirTemp makes it 0700
	}
	if err == nil {
		marker := fmt.Sprintf("archive %s\nsha256 %s\nfiles %d\nbytes %d\n", archive, want, files, size)
		err = os.WriteFile(filepath.Join(tmp, completeMarker), []byte(marker), 0o444)
	}
	if err == nil {
		err = os.Rename(tmp, final)
	}
	if err != nil {
		_ = removeTree(tmp)
		return Result{}, fmt.Errorf("unpacking %s: %w", archive, err)
	}
	fmt.Fprintf(log, "arm-catalog: unpacked %s (%d files, %.1f MiB) into %s\n", archive, files, float64(size)/(1<<20), final)
	res.Unpacked, res.Files = true, files
	return res, nil
}

// readSums returns the one *.tar.xz entry of catalogDir/SHA256SUMS and its
// SHA-256 (lower-case hex). Lines are as sha256sum writes them:
// "<sum>  <name>" (or "<sum> *<name>").
func readSums(catalogDir string) (name, sum string, err error) {
	sums := filepath.Join(catalogDir, SumsFile)
	f, err := os.Open(sums)
	if err != nil {
		return "", "", fmt.Errorf("no checksum file: %w (the catalog folder holds the archive and its %s)", err, SumsFile)
	}
	defer f.Close()
	var names []string
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		fields := strings.Fields(text)
		if len(fields) != 2 {
			return "", "", fmt.Errorf("%s:%d: want \"<sha256>  <file>\", have %q", sums, line, text)
		}
		s, n := strings.ToLower(fields[0]), strings.TrimPrefix(fields[1], "*")
		if b, err := hex.DecodeString(s); err != nil || len(b) != sha256.Size {
			return "", "", fmt.Errorf("%s:%d: %q is not a SHA-256", sums, line, fields[0])
		}
		if n != filepath.Base(n) {
			return "", "", fmt.Errorf("%s:%d: %q is not a file name in the catalog folder", sums, line, n)
		}
		if strings.HasSuffix(n, ".tar.xz") {
			names = append(names, n)
			name, sum = n, s
		}
	}
	if err := sc.Err(); err != nil {
		return "", "", fmt.Errorf("reading %s: %w", sums, err)
	}
	if len(names) != 1 {
		return "", "", fmt.Errorf("%s names %d *.tar.xz archives %v; want exactly one", sums, len(names), names)
	}
	return name, sum, nil
}

// complete reports whether dir is a tree this tool finished.
func complete(dir string) bool {
	m, err := os.Stat(filepath.Join(dir, completeMarker))
	if err != nil || !m.Mode().IsRegular() {
		return false
	}
	s, err := os.Stat(filepath.Join(dir, "schemas"))
	return err == nil && s.IsDir()
}

// lock takes an exclusive lock on file (created if missing), waiting for it.
func lock(file string) (unlock func(), err error) {
	f, err := os.OpenFile(file, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		f.Close()
		return nil, fmt.Errorf("locking %s: %w", file, err)
	}
	return func() {
		_ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}, nil
}

// removeLeftovers removes the temporary folders of interrupted runs and final,
// if it exists (it is not complete: the caller checked).
func removeLeftovers(base, final string, log io.Writer) error {
	entries, err := os.ReadDir(base)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), tmpPrefix) {
			p := filepath.Join(base, e.Name())
			fmt.Fprintf(log, "arm-catalog: removing %s, left by an interrupted unpack\n", p)
			if err := removeTree(p); err != nil {
				return err
			}
		}
	}
	if _, err := os.Lstat(final); err == nil {
		fmt.Fprintf(log, "arm-catalog: removing %s: it lacks its %s marker, so no run of this tool finished it\n", final, completeMarker)
		return removeTree(final)
	}
	return nil
}

// removeTree removes dir and everything in it, making folders writable first
// (the tool leaves its files read-only).
func removeTree(dir string) error {
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() {
			_ = os.Chmod(p, 0o755)
		}
		return nil
	})
	return os.RemoveAll(dir)
}

// unpack writes the tar.xz archive data into dir. Only folders and regular
// files under schemas/ are accepted; anything else (links, devices, paths
// leaving dir) is an error. Files are left read-only. It reads the xz stream
// to its end, so its integrity check is verified too.
func unpack(data []byte, dir string) (files int, size int64, err error) {
	xr, err := xz.NewReader(bytes.NewReader(data))
	if err != nil {
		return 0, 0, fmt.Errorf("not an xz stream: %w", err)
	}
	tr := tar.NewReader(xr)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return 0, 0, fmt.Errorf("reading the tar stream: %w", err)
		}
		name := path.Clean(strings.TrimPrefix(h.Name, "./"))
		if !filepath.IsLocal(name) || (name != "schemas" && !strings.HasPrefix(name, "schemas/")) {
			return 0, 0, fmt.Errorf("entry %q is not under schemas/", h.Name)
		}
		target := filepath.Join(dir, filepath.FromSlash(name))
		switch h.Typeflag {
		case tar.TypeDir:
			if err := os.MkdirAll(target, 0o755); err != nil {
				return 0, 0, err
			}
		case tar.TypeReg:
			if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
				return 0, 0, err
			}
			f, err := os.OpenFile(target, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o444)
			if err != nil {
				return 0, 0, err
			}
			n, err := io.Copy(f, tr)
			if cerr := f.Close(); err == nil {
				err = cerr
			}
			if err != nil {
				return 0, 0, fmt.Errorf("writing %s: %w", name, err)
			}
			files++
			size += n
		default:
			return 0, 0, fmt.Errorf("entry %q has tar type %q; only folders and regular files are accepted", h.Name, h.Typeflag)
		}
	}
	if _, err := io.Copy(io.Discard, xr); err != nil {
		return 0, 0, fmt.Errorf("reading the xz stream to its end: %w", err)
	}
	if s, err := os.Stat(filepath.Join(dir, "schemas")); err != nil || !s.IsDir() {
		return 0, 0, errors.New("the archive holds no schemas/ folder")
	}
	return files, size, nil
}
