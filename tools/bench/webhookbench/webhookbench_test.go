package main

import (
	"bytes"
	"strings"
	"testing"
	"time"

	apix "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	kruntime "k8s.io/apimachinery/pkg/runtime"
)

func TestBaselineSwapsOnlyTheVersion(t *testing.T) {
	request := &apix.ConversionRequest{
		UID:               "u",
		DesiredAPIVersion: "g/v2",
		Objects:           []kruntime.RawExtension{{Raw: []byte(`{"apiVersion":"g/v1","kind":"K","spec":{"n":12345678901234567890}}`)}},
	}
	response, err := swapVersions(request)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"apiVersion":"g/v2","kind":"K","spec":{"n":12345678901234567890}}`
	if got := string(response.ConvertedObjects[0].Raw); got != want || response.UID != "u" {
		t.Errorf("converted %s (uid %q), want %s (uid u)", got, response.UID, want)
	}
}

// TestRunPrintsEveryCell runs the benchmark briefly on the bundled example
// service: both handlers answer every review, and every cell is printed.
func TestRunPrintsEveryCell(t *testing.T) {
	var out bytes.Buffer
	c := config{kind: "StorageAccount", version: "v20210101", sizes: []int{1, 3}, concurrency: []int{1, 2},
		duration: 40 * time.Millisecond, rounds: 2, goal: 1.5}
	if err := run(c, &out); err != nil {
		t.Fatal(err)
	}
	rows := 0
	for _, line := range strings.Split(out.String(), "\n") {
		if strings.HasPrefix(line, "read ") || strings.HasPrefix(line, "write ") {
			rows++
		}
	}
	if rows != 8 {
		t.Errorf("%d rows, want 8 (2 directions x 2 sizes x 2 concurrencies):\n%s", rows, out.String())
	}
}
