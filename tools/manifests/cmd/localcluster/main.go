// Command localcluster runs a command against a local kube-apiserver that has
// an install base applied: envtest's etcd and kube-apiserver (the binaries in
// KUBEBUILDER_ASSETS, tools/kube-binaries.sh), cert-manager's CRDs, the base
// rendered with kustomize and created as it is, and package standin playing
// what a cluster adds (cert-manager and its CA injector, the kubelet running
// the base's Deployment as the -webhook binary, the EndpointSlice controller).
// The command runs with KUBECONFIG set to a cluster administrator's
// kubeconfig; localcluster exits with its status.
//
//	localcluster -base DIR -webhook BINARY -cert-manager-crds DIR -- COMMAND [ARG...]
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"

	apix "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	kruntime "k8s.io/apimachinery/pkg/runtime"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/envtest"

	"armhub.local/tools/manifests/standin"
)

func main() {
	base := flag.String("base", "", "the kustomize base (or overlay) to install")
	webhook := flag.String("webhook", "", "the binary the base's Deployment runs (its image's)")
	certManager := flag.String("cert-manager-crds", "", "cert-manager's CRDs (its module's deploy/crds)")
	flag.Parse()
	if *base == "" || *webhook == "" || *certManager == "" || flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: localcluster -base DIR -webhook BINARY -cert-manager-crds DIR -- COMMAND [ARG...]")
		os.Exit(2)
	}
	code, err := run(*base, *webhook, *certManager, flag.Args())
	if err != nil {
		fmt.Fprintln(os.Stderr, "localcluster:", err)
		os.Exit(1)
	}
	os.Exit(code)
}

func run(base, webhook, certManager string, command []string) (int, error) {
	objects, err := standin.Render(base)
	if err != nil {
		return 0, err
	}
	env, config, err := standin.StartAPIServer(certManager)
	if err != nil {
		return 0, err
	}
	defer func() { _ = env.Stop() }()
	dir, err := os.MkdirTemp("", "localcluster")
	if err != nil {
		return 0, err
	}
	defer func() { _ = os.RemoveAll(dir) }()
	installed, err := install(config, objects, webhook, dir)
	if err != nil {
		return 0, err
	}
	defer installed.Stop()
	kubeconfig, err := writeKubeconfig(env, dir)
	if err != nil {
		return 0, err
	}
	fmt.Fprintf(os.Stderr, "localcluster: %d objects of %s installed; running %v\n", len(objects), base, command)
	return runCommand(command, kubeconfig)
}

func install(config *rest.Config, objects []*unstructured.Unstructured, webhook, dir string) (*standin.Installed, error) {
	scheme := kruntime.NewScheme()
	if err := clientgoscheme.AddToScheme(scheme); err != nil {
		return nil, err
	}
	if err := apix.AddToScheme(scheme); err != nil {
		return nil, err
	}
	c, err := client.New(config, client.Options{Scheme: scheme})
	if err != nil {
		return nil, err
	}
	abs, err := filepath.Abs(webhook)
	if err != nil {
		return nil, err
	}
	return standin.Install(context.Background(), c, objects, standin.Options{Webhook: abs, Dir: dir})
}

// writeKubeconfig writes the kubeconfig of a cluster administrator into dir.
func writeKubeconfig(env *envtest.Environment, dir string) (string, error) {
	user, err := env.AddUser(envtest.User{Name: "localcluster-admin", Groups: []string{"system:masters"}}, nil)
	if err != nil {
		return "", err
	}
	data, err := user.KubeConfig()
	if err != nil {
		return "", err
	}
	path := filepath.Join(dir, "kubeconfig")
	return path, os.WriteFile(path, data, 0o600)
}

func runCommand(command []string, kubeconfig string) (int, error) {
	cmd := exec.Command(command[0], command[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	cmd.Env = append(os.Environ(), "KUBECONFIG="+kubeconfig)
	err := cmd.Run()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return exit.ExitCode(), nil
	}
	return 0, err
}
