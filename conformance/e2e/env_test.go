package e2e

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/go-logr/logr"
	apix "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	kruntime "k8s.io/apimachinery/pkg/runtime"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/clientcmd"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/envtest"

	storage "github.com/armhub/armhub/apis/examplestorage/register"
	vault "github.com/armhub/armhub/apis/examplevault/register"
	person "github.com/armhub/armhub/apis/person/register"
)

// environment is what every test of the suite shares: the API server, a client,
// the webhook and the CRDs as installed.
type environment struct {
	config   *rest.Config
	client   client.Client
	scheme   *kruntime.Scheme
	etcd     []string // etcd's client URLs; none for an existing cluster
	webhook  *webhook
	crds     []*apix.CustomResourceDefinition
	warnings *warnings

	// certDir holds the webhook's serving certificate (tls.crt, tls.key) for
	// 127.0.0.1, which caBundle trusts.
	certDir  string
	caBundle []byte
}

// suite is set by TestMain before any test runs.
var suite *environment

// fig collects the figures printed at the end.
var fig = &figures{}

func TestMain(m *testing.M) {
	os.Exit(run(m))
}

func run(m *testing.M) int {
	ctrl.SetLogger(logr.Discard())
	testEnv, err := newTestEnv()
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		return 1
	}
	started := time.Now()
	config, err := testEnv.Start()
	defer stopTestEnv(testEnv)
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e: starting the API server:", err)
		return 1
	}
	if testEnv.UseExistingCluster == nil {
		fig.apiServerStart = time.Since(started)
		fmt.Printf("e2e: API server ready in %s\n", fig.apiServerStart.Round(time.Millisecond))
	}
	env, err := setUp(testEnv, config)
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		return 1
	}
	defer env.webhook.stop()
	suite = env
	code := m.Run()
	fig.print(os.Stdout)
	return code
}

// newTestEnv returns envtest for the API server named by the environment: an
// existing cluster (ARMHUB_E2E_KUBECONFIG) or one started from the binaries in
// KUBEBUILDER_ASSETS. Without either it fails: the suite never skips.
func newTestEnv() (*envtest.Environment, error) {
	testEnv := &envtest.Environment{
		// Serving certificates only: the suite installs the CRDs itself, since
		// envtest's CRD installation rewrites spec.conversion.
		WebhookInstallOptions: envtest.WebhookInstallOptions{LocalServingHost: webhookHost()},
	}
	if kubeconfig := os.Getenv("ARMHUB_E2E_KUBECONFIG"); kubeconfig != "" {
		config, err := clientcmd.BuildConfigFromFlags("", kubeconfig)
		if err != nil {
			return nil, fmt.Errorf("ARMHUB_E2E_KUBECONFIG=%s: %w", kubeconfig, err)
		}
		existing := true
		testEnv.UseExistingCluster, testEnv.Config = &existing, config
		return testEnv, nil
	}
	assets := os.Getenv("KUBEBUILDER_ASSETS")
	if assets == "" {
		return nil, errors.New("no Kubernetes API server: run the suite with KUBEBUILDER_ASSETS=$(tools/kube-binaries.sh) " +
			"(it builds kube-apiserver and etcd once and prints their folder), or set ARMHUB_E2E_KUBECONFIG " +
			"to the kubeconfig of a disposable cluster on this host")
	}
	for _, name := range []string{"kube-apiserver", "etcd"} {
		if _, err := os.Stat(filepath.Join(assets, name)); err != nil {
			return nil, fmt.Errorf("KUBEBUILDER_ASSETS=%s has no %s: run tools/kube-binaries.sh", assets, name)
		}
	}
	testEnv.BinaryAssetsDirectory = assets
	return testEnv, nil
}

// webhookHost is the address the webhook listens on and the API server calls it
// at: 127.0.0.1, or ARMHUB_E2E_WEBHOOK_HOST for an API server elsewhere (kind's
// node reaches the host at its Docker network's gateway; tools/e2e-kind.sh).
func webhookHost() string {
	if host := os.Getenv("ARMHUB_E2E_WEBHOOK_HOST"); host != "" {
		return host
	}
	return "127.0.0.1"
}

func stopTestEnv(testEnv *envtest.Environment) {
	if err := testEnv.Stop(); err != nil {
		fmt.Fprintln(os.Stderr, "e2e: stopping the API server:", err)
	}
}

// setUp starts the webhook and installs the CRDs.
func setUp(testEnv *envtest.Environment, config *rest.Config) (*environment, error) {
	env := &environment{config: rest.CopyConfig(config), warnings: &warnings{}}
	env.config.QPS, env.config.Burst = 5000, 10000
	env.config.WarningHandlerWithContext = env.warnings
	env.etcd = etcdEndpoints(testEnv)
	var err error
	if env.scheme, err = newScheme(); err != nil {
		return nil, err
	}
	if env.client, err = client.New(env.config, client.Options{Scheme: env.scheme}); err != nil {
		return nil, err
	}
	options := testEnv.WebhookInstallOptions
	env.certDir, env.caBundle = options.LocalServingCertDir, options.LocalServingCAData
	env.webhook = newWebhook(env.config, options.LocalServingHost, options.LocalServingPort, options.LocalServingCertDir)
	if err := env.webhook.start(true); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	env.crds, err = installCRDs(ctx, env.client, env.webhook.url(), options.LocalServingCAData)
	if err != nil {
		env.webhook.stop()
		return nil, err
	}
	return env, nil
}

// etcdEndpoints returns the client URLs of envtest's etcd, or for an existing
// cluster those ARMHUB_E2E_ETCD lists (comma-separated, plain HTTP).
func etcdEndpoints(testEnv *envtest.Environment) []string {
	if testEnv.ControlPlane.Etcd != nil && testEnv.ControlPlane.Etcd.URL != nil {
		return []string{testEnv.ControlPlane.Etcd.URL.String()}
	}
	if endpoints := os.Getenv("ARMHUB_E2E_ETCD"); endpoints != "" {
		return strings.Split(endpoints, ",")
	}
	return nil
}

// newScheme holds Kubernetes' own types, CRDs and every version of the storage,
// person and vault services.
func newScheme() (*kruntime.Scheme, error) {
	scheme := kruntime.NewScheme()
	for _, add := range []func(*kruntime.Scheme) error{
		clientgoscheme.AddToScheme, apix.AddToScheme, storage.AddToScheme, person.AddToScheme, vault.AddToScheme,
	} {
		if err := add(scheme); err != nil {
			return nil, err
		}
	}
	return scheme, nil
}
