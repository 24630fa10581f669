package main

import (
	"github.com/armhub/armhub/apis/examplestorage/register"
	"github.com/armhub/armhub/runtime/conversionwebhook"
)

// services are the services whose conversion webhook is measured. In the
// repository this is the bundled example service; tools/bench/webhook.sh
// replaces this file with one naming the real Microsoft.Storage module it
// generates.
func services() []conversionwebhook.Service {
	return []conversionwebhook.Service{register.Webhook()}
}
