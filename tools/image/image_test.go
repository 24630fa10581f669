package main

import (
	"archive/tar"
	"bytes"
	"io"
	"path/filepath"
	"testing"

	"github.com/google/go-containerregistry/pkg/v1/layout"
)

// The image of the bundled storage example's webhook command: an OCI layout
// with one image, tagged, for linux/amd64, whose entrypoint is the binary (a
// static Linux executable, mode 0755) run as a non-root user, and whose only
// layer holds that binary alone. Built twice, it is the same image.
func TestImageOfTheExampleWebhook(t *testing.T) {
	module := filepath.Join("..", "..", "apis", "examplestorage")
	out := filepath.Join(t.TempDir(), "oci")
	digest, err := Build(Options{Module: module, Out: out, Tag: "v0.1.0"})
	if err != nil {
		t.Fatal(err)
	}
	index, err := layout.ImageIndexFromPath(out)
	if err != nil {
		t.Fatal(err)
	}
	manifest, err := index.IndexManifest()
	if err != nil || len(manifest.Manifests) != 1 {
		t.Fatalf("index: %+v, %v", manifest, err)
	}
	if d := manifest.Manifests[0]; d.Digest != digest || d.Annotations["org.opencontainers.image.ref.name"] != "v0.1.0" {
		t.Errorf("the layout's image is %v %v, want %v tagged v0.1.0", d.Digest, d.Annotations, digest)
	}
	img, err := index.Image(digest)
	if err != nil {
		t.Fatal(err)
	}
	config, err := img.ConfigFile()
	if err != nil {
		t.Fatal(err)
	}
	if config.OS != "linux" || config.Architecture != "amd64" || len(config.Config.Entrypoint) != 1 || config.Config.Entrypoint[0] != Binary || config.Config.User != NonRoot {
		t.Errorf("config: %s/%s entrypoint %v user %q", config.OS, config.Architecture, config.Config.Entrypoint, config.Config.User)
	}
	layers, err := img.Layers()
	if err != nil || len(layers) != 1 {
		t.Fatalf("%d layers, %v", len(layers), err)
	}
	rc, err := layers[0].Uncompressed()
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	r := tar.NewReader(rc)
	h, err := r.Next()
	if err != nil {
		t.Fatal(err)
	}
	head := make([]byte, 4)
	if _, err := io.ReadFull(r, head); err != nil {
		t.Fatal(err)
	}
	if h.Name != Binary[1:] || h.Mode != 0o755 || !bytes.Equal(head, []byte("\x7fELF")) {
		t.Errorf("layer entry %s mode %o starts %q, want %s 755 an ELF executable", h.Name, h.Mode, head, Binary[1:])
	}
	if _, err := r.Next(); err != io.EOF {
		t.Errorf("the layer holds more than the binary: %v", err)
	}
	again, err := Build(Options{Module: module, Out: filepath.Join(t.TempDir(), "oci"), Tag: "v0.1.0"})
	if err != nil || again != digest {
		t.Errorf("a second build is %v (%v), want the same image %v", again, err, digest)
	}
}
