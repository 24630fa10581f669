package main

import (
	"archive/tar"
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	v1 "github.com/google/go-containerregistry/pkg/v1"
	"github.com/google/go-containerregistry/pkg/v1/empty"
	"github.com/google/go-containerregistry/pkg/v1/layout"
	"github.com/google/go-containerregistry/pkg/v1/mutate"
	"github.com/google/go-containerregistry/pkg/v1/tarball"
	"github.com/google/go-containerregistry/pkg/v1/types"
)

// Options say what to build and where.
type Options struct {
	Module string // the service module's folder
	Out    string // the OCI image layout to write
	Tag    string // the image's reference name in the layout
}

// Binary is the command's path in the image.
const Binary = "/armhub-webhook"

// NonRoot is the user the image runs as (uid:gid).
const NonRoot = "65532:65532"

// Build compiles the module's webhook command and writes the image; it
// returns the image's digest.
func Build(o Options) (v1.Hash, error) {
	if _, err := os.Stat(o.Out); err == nil {
		return v1.Hash{}, fmt.Errorf("%s exists: give a new folder", o.Out)
	}
	binary, err := compile(o.Module)
	if err != nil {
		return v1.Hash{}, err
	}
	img, err := image(binary)
	if err != nil {
		return v1.Hash{}, err
	}
	path, err := layout.Write(o.Out, empty.Index)
	if err != nil {
		return v1.Hash{}, err
	}
	if err := path.AppendImage(img, layout.WithAnnotations(map[string]string{"org.opencontainers.image.ref.name": o.Tag})); err != nil {
		return v1.Hash{}, err
	}
	return img.Digest()
}

// compile builds cmd/armhub-webhook of module for linux/amd64, static.
func compile(module string) ([]byte, error) {
	dir, err := os.MkdirTemp("", "armhub-image-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	out := filepath.Join(dir, "armhub-webhook")
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w -buildid=", "-o", out, "./cmd/armhub-webhook")
	cmd.Dir = module
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS=linux", "GOARCH=amd64", "GOFLAGS=", "GOWORK="+workspace(module))
	if msg, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("go build in %s: %v\n%s", module, err, msg)
	}
	return os.ReadFile(out)
}

// workspace returns the go.work above module (a bundled module is built in
// the repository's workspace, as its go.mod has no replace), or off.
func workspace(module string) string {
	dir, err := filepath.Abs(module)
	if err != nil {
		return "off"
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.work")); err == nil {
			return filepath.Join(dir, "go.work")
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "off"
		}
		dir = parent
	}
}

// image is the binary alone on an empty base, its entrypoint, run as NonRoot.
func image(binary []byte) (v1.Image, error) {
	var tarred bytes.Buffer
	w := tar.NewWriter(&tarred)
	header := &tar.Header{Name: Binary[1:], Mode: 0o755, Size: int64(len(binary)), Uid: 65532, Gid: 65532, ModTime: time.Unix(0, 0), Typeflag: tar.TypeReg}
	if err := w.WriteHeader(header); err != nil {
		return nil, err
	}
	if _, err := w.Write(binary); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	data := tarred.Bytes()
	layer, err := tarball.LayerFromOpener(func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(data)), nil }, tarball.WithMediaType(types.OCILayer))
	if err != nil {
		return nil, err
	}
	base := mutate.MediaType(empty.Image, types.OCIManifestSchema1)
	base = mutate.ConfigMediaType(base, types.OCIConfigJSON)
	img, err := mutate.AppendLayers(base, layer)
	if err != nil {
		return nil, err
	}
	config, err := img.ConfigFile()
	if err != nil {
		return nil, err
	}
	config = config.DeepCopy()
	config.OS, config.Architecture = "linux", "amd64"
	config.Config.Entrypoint = []string{Binary}
	config.Config.User = NonRoot
	return mutate.ConfigFile(img, config)
}
