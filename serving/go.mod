module github.com/armhub/armhub/serving

go 1.24.0

require (
	github.com/armhub/armhub/apis/identity v0.1.0
	github.com/armhub/armhub/runtime v0.1.0
	gopkg.in/yaml.v3 v3.0.1
	k8s.io/api v0.34.3
	k8s.io/apiextensions-apiserver v0.34.3
	k8s.io/apimachinery v0.34.3
	k8s.io/client-go v0.34.3
	sigs.k8s.io/controller-runtime v0.22.5
)
