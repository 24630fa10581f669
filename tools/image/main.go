// Command image builds the container image of a service module's conversion
// webhook command without Docker: it compiles cmd/armhub-webhook for
// linux/amd64 (static, CGO off, -trimpath) and writes an OCI image layout
// (go-containerregistry) holding one image: the binary alone on an empty
// base, run as a non-root user. Push it with any OCI tool (for instance
// crane push <out> <registry>/<image>:<tag>, or skopeo copy oci:<out> ...).
//
//	go run . -module ../../apis/examplestorage -out /tmp/storage-webhook -tag v0.1.0
package main

import (
	"flag"
	"fmt"
	"os"
)

func main() {
	var o Options
	flag.StringVar(&o.Module, "module", "", "the service module's folder (holding cmd/armhub-webhook)")
	flag.StringVar(&o.Out, "out", "", "the OCI image layout folder to write (created; must not exist)")
	flag.StringVar(&o.Tag, "tag", "latest", "the image's reference name in the layout (org.opencontainers.image.ref.name)")
	flag.Parse()
	if o.Module == "" || o.Out == "" || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: image -module DIR -out DIR [-tag TAG]")
		os.Exit(2)
	}
	digest, err := Build(o)
	if err != nil {
		fmt.Fprintln(os.Stderr, "image:", err)
		os.Exit(1)
	}
	fmt.Printf("wrote %s (%s, %s)\n", o.Out, o.Tag, digest)
}
