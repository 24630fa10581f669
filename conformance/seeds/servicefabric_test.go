package seeds

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	old "github.com/armhub/armhub/apis/exampleservicefabric/v20160301"
	hub "github.com/armhub/armhub/apis/exampleservicefabric/v20160901/storage"
)

// cluster20160301 sets every ClusterProperties field of the 2016-03-01 version.
func cluster20160301() *old.Cluster {
	c := &old.Cluster{}
	c.Name, c.Namespace = "prod", "fabric"
	c.Spec.Location = "westeurope"
	certificate := func(t string) *old.CertificateDescription {
		return &old.CertificateDescription{Thumbprint: t, X509StoreName: ptr(old.CertificateDescription_X509StoreName_My)}
	}
	level := old.Level_Silver
	c.Spec.Properties = old.ClusterProperties{
		AzureActiveDirectory:              &old.AzureActiveDirectory{TenantId: ptr("tenant")},
		Certificate:                       certificate("cluster"),
		ClientCertificateCommonNames:      []old.ClientCertificateCommonName{{IsAdmin: true, CertificateCommonName: "admin", CertificateIssuerThumbprint: "issuer"}},
		ClientCertificateThumbprints:      []old.ClientCertificateThumbprint{{IsAdmin: false, CertificateThumbprint: "reader"}},
		DiagnosticsStorageAccountConfig:   &old.DiagnosticsStorageAccountConfig{StorageAccountName: "diag", ProtectedAccountKeyName: "key1", BlobEndpoint: "b", QueueEndpoint: "q", TableEndpoint: "t"},
		FabricSettings:                    []old.SettingsSectionDescription{{Name: "Security", Parameters: []old.SettingsParameterDescription{{Name: "ClusterProtectionLevel", Value: "EncryptAndSign"}}}},
		HttpApplicationGatewayCertificate: certificate("gateway"),
		ManagementEndpoint:                "https://prod:19080",
		NodeTypes:                         []old.NodeTypes{{Name: "front", VmInstanceCount: 5, IsPrimary: true, ClientConnectionEndpointPort: ptr(19000)}},
		ReliabilityLevel:                  &level,
		UpgradeDescription:                &old.PaasClusterUpgradePolicy{UpgradeTimeout: ptr("01:00:00")},
		VmImage:                           ptr("Windows"),
	}
	return c
}

func toHub(t *testing.T, c *old.Cluster) *hub.Cluster {
	t.Helper()
	var stored hub.Cluster
	if err := c.ConvertTo(&stored); err != nil {
		t.Fatal(err)
	}
	return &stored
}

// The eight unchanged properties are copied across into the hub's fields.
func TestUnchangedPropertiesAreCopied(t *testing.T) {
	got := toHub(t, cluster20160301()).Spec.Properties
	checks := map[string]bool{
		"AzureActiveDirectory":            got.AzureActiveDirectory != nil && *got.AzureActiveDirectory.TenantId == "tenant",
		"Certificate":                     got.Certificate != nil && *got.Certificate.Thumbprint == "cluster" && *got.Certificate.X509StoreName == "My",
		"ClientCertificateCommonNames":    len(got.ClientCertificateCommonNames) == 1 && *got.ClientCertificateCommonNames[0].CertificateCommonName == "admin",
		"ClientCertificateThumbprints":    len(got.ClientCertificateThumbprints) == 1 && *got.ClientCertificateThumbprints[0].CertificateThumbprint == "reader",
		"DiagnosticsStorageAccountConfig": got.DiagnosticsStorageAccountConfig != nil && *got.DiagnosticsStorageAccountConfig.StorageAccountName == "diag",
		"FabricSettings":                  len(got.FabricSettings) == 1 && *got.FabricSettings[0].Parameters[0].Value == "EncryptAndSign",
		"ManagementEndpoint":              got.ManagementEndpoint != nil && *got.ManagementEndpoint == "https://prod:19080",
		"VmImage":                         got.VmImage != nil && *got.VmImage == "Windows",
	}
	for field, ok := range checks {
		if !ok {
			t.Errorf("%s was not copied to the hub: %+v", field, got)
		}
	}
	for _, key := range []string{"AzureActiveDirectory", "Certificate", "ManagementEndpoint", "VmImage", "FabricSettings"} {
		if got.PropertyBag.Contains(key) {
			t.Errorf("%s is in the bag although the hub has a field for it", key)
		}
	}
}

// The three new properties are left empty by a conversion from 2016-03-01.
func TestNewPropertiesAreSkipped(t *testing.T) {
	got := toHub(t, cluster20160301()).Spec.Properties
	if got.ClusterCodeVersion != nil || got.ReverseProxyCertificate != nil || got.UpgradeMode != nil {
		t.Errorf("new properties were set: %v %v %v", got.ClusterCodeVersion, got.ReverseProxyCertificate, got.UpgradeMode)
	}
}

// The removed property and the three whose type changed go into the hub's bag.
// The seed's overview lists ReliabilityLevel (Level -> ClusterPropertiesReliabilityLevel)
// as a type change too; in storage versions enums are stored as their underlying
// type, so by the storage-versioning rule ("enums by underlying type") it is
// copied, and the overview's table is read as describing the spoke types.
func TestRemovedAndRetypedPropertiesGoToTheBag(t *testing.T) {
	got := toHub(t, cluster20160301()).Spec.Properties
	var gateway hub.CertificateDescription
	if _, err := got.PropertyBag.Peek("HttpApplicationGatewayCertificate", &gateway); err != nil || gateway.Thumbprint == nil || *gateway.Thumbprint != "gateway" {
		t.Errorf("HttpApplicationGatewayCertificate in the bag = %+v (%v)", gateway, err)
	}
	for _, key := range []string{"NodeTypes", "UpgradeDescription"} {
		if !got.PropertyBag.Contains(key) {
			t.Errorf("%s (type changed) is not in the hub's bag: %v", key, got.PropertyBag.Names())
		}
	}
	if got.NodeTypes != nil || got.UpgradeDescription != nil {
		t.Errorf("a retyped property was assigned: NodeTypes=%v UpgradeDescription=%v", got.NodeTypes, got.UpgradeDescription)
	}
	if got.ReliabilityLevel == nil || *got.ReliabilityLevel != "Silver" || got.PropertyBag.Contains("ReliabilityLevel") {
		t.Errorf("ReliabilityLevel = %v, bag %v; want Silver copied by its underlying type", got.ReliabilityLevel, got.PropertyBag.Names())
	}
	if n := len(got.PropertyBag); n != 3 {
		t.Errorf("the hub's bag has %d entries, want exactly the 3 of the table: %v", n, got.PropertyBag.Names())
	}
}

// Nothing of 2016-03-01 is lost on the way to the hub and back.
func TestClusterRoundTripsThroughTheHub(t *testing.T) {
	original := cluster20160301()
	stored := toHub(t, original)
	var back old.Cluster
	if err := back.ConvertFrom(stored); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(original, &back); diff != "" {
		t.Errorf("2016-03-01 -> hub -> 2016-03-01 lost data (-before +after):\n%s", diff)
	}
}
