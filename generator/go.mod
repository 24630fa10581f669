module github.com/armhub/armhub/generator

go 1.24.0

require gopkg.in/yaml.v3 v3.0.1
