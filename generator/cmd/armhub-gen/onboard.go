package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/armhub/armhub/generator/internal/metadata"
	"github.com/armhub/armhub/generator/internal/pipeline"
)

// writeOnboarding writes the metadata file of an onboarded provider
// (-onboard) and says what it holds and what is left to review.
func writeOnboarding(stdout io.Writer, o *options, svc *metadata.Service, result *pipeline.Result) error {
	generated := *svc
	generated.Versions = result.Versions // without those whose file describes no resource
	svc = &generated
	onboarding := metadata.Onboarding{
		Service: svc, Hubs: result.Hubs, LargestCRD: result.LargestCRD,
		Command: fmt.Sprintf("armhub-gen -provider %s -now %s -onboard", svc.Provider, o.now),
	}
	for _, r := range result.Removals {
		onboarding.Removals = append(onboarding.Removals, metadata.Removal{Type: r.Struct, Property: r.Property, Since: r.To,
			Note: fmt.Sprintf("%s (written by the onboarding): present in %s, gone in %s", metadata.Unreviewed, r.From, r.To)})
	}
	f, err := os.OpenFile(o.onboard, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("-onboard %s: the file exists; onboarding never overwrites curated metadata", o.onboard)
	}
	if err != nil {
		return err
	}
	if _, err := f.Write(onboarding.File()); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	held := 0
	for _, v := range svc.Versions {
		if v.Status(*svc.Now).Classification.Served() {
			held++
		}
	}
	_, err = fmt.Fprintf(stdout, "wrote %s: service %s, %d API versions (%d served at %s), hubs %v, largest CRD %d bytes as JSON; %d removals recorded as not reviewed\n",
		o.onboard, svc.Name, len(svc.Versions), held, o.now, result.Hubs, result.LargestCRD, len(onboarding.Removals))
	return err
}
