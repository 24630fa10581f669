package formats

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/armhub/armhub/generator/internal/metadata"
)

// vaultSchema is a deployment schema of Example.Vault at 2022-01-01, a
// version the bundled Swagger (metadata/swagger) does not document.
const vaultSchema = `{
  "id": "https://schema.management.azure.com/schemas/2022-01-01/Example.Vault.json#",
  "$schema": "http://json-schema.org/draft-04/schema#",
  "title": "Example.Vault",
  "resourceDefinitions": {
    "vaults": {
      "type": "object",
      "properties": {
        "apiVersion": {"type": "string", "enum": ["2022-01-01"]},
        "type": {"type": "string", "enum": ["Example.Vault/vaults"]},
        "name": {"type": "string"},
        "location": {"type": "string"}
      },
      "required": ["name", "apiVersion", "type"]
    }
  }
}`

// A version input.status gives with from takes the status of the Swagger
// folder of that other version, noted; without from, the version's own
// folder, which does not exist here, is an error naming it.
func TestStatusFromAnotherVersion(t *testing.T) {
	root := t.TempDir()
	file := filepath.Join(root, "2022-01-01", "Example.Vault.json")
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, []byte(vaultSchema), 0o644); err != nil {
		t.Fatal(err)
	}
	source := metadata.StatusSource{Dir: "specification/examplevault/resource-manager/Example.Vault", Versions: []string{"2022-01-01"}, From: "2023-01-01"}
	svc := &metadata.Service{Name: "vault", Provider: "Example.Vault", Input: metadata.Input{Status: []metadata.StatusSource{source}}}
	swaggerRoot := filepath.Join("..", "..", "..", "metadata", "swagger")
	loader, err := Open(svc, root, swaggerRoot)
	if err != nil {
		t.Fatal(err)
	}
	api, notes, err := loader.Load("2022-01-01")
	if err != nil {
		t.Fatal(err)
	}
	if len(api.Resources) != 1 || api.Resources[0].Status == "" || api.Objects[api.Resources[0].Status] == nil {
		t.Fatalf("vaults has no status from 2023-01-01: %+v", api.Resources)
	}
	var said bool
	for _, n := range notes {
		said = said || strings.Contains(n.String(), "version 2022-01-01 takes its status from the Swagger files of 2023-01-01")
	}
	if !said {
		t.Errorf("no note says where the status came from: %v", notes)
	}
	svc.Input.Status[0].From = ""
	if _, _, err := loader.Load("2022-01-01"); err == nil || !strings.Contains(err.Error(), "2022-01-01") {
		t.Errorf("without from: %v", err)
	}
}
