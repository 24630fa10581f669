module github.com/armhub/armhub/generator

go 1.24.0

require (
	github.com/armhub/armhub/runtime v0.1.0
	github.com/google/go-cmp v0.7.0
	golang.org/x/mod v0.21.0
	golang.org/x/sync v0.12.0
	gopkg.in/yaml.v3 v3.0.1
	k8s.io/apimachinery v0.34.3
)

require (
	github.com/go-logr/logr v1.4.2 // indirect
	k8s.io/klog/v2 v2.130.1 // indirect
	k8s.io/utils v0.0.0-20250604170112-4c0f3b243397 // indirect
)

replace github.com/armhub/armhub/runtime => ../runtime
