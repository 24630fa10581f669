package standin

import (
	"errors"
	"os"

	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/envtest"
)

// StartAPIServer starts envtest's etcd and kube-apiserver (the binaries in
// KUBEBUILDER_ASSETS, tools/kube-binaries.sh) with the CRDs of crdDirs
// installed (cert-manager's, for a base's Issuer and Certificate), routing to
// Services through their EndpointSlices as the stand-in needs.
func StartAPIServer(crdDirs ...string) (*envtest.Environment, *rest.Config, error) {
	if os.Getenv("KUBEBUILDER_ASSETS") == "" {
		return nil, nil, errors.New("no kube-apiserver: set KUBEBUILDER_ASSETS=$(tools/kube-binaries.sh)")
	}
	env := &envtest.Environment{CRDDirectoryPaths: crdDirs, ErrorIfCRDPathMissing: true}
	env.ControlPlane.GetAPIServer().Configure().Set("enable-aggregator-routing", "true")
	config, err := env.Start()
	if err != nil {
		return nil, nil, err
	}
	return env, config, nil
}
