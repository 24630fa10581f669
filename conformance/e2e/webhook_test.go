package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"time"

	kruntime "k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"
	ctrlwebhook "sigs.k8s.io/controller-runtime/pkg/webhook"

	storage "github.com/armhub/armhub/apis/examplestorage/register"
	vault "github.com/armhub/armhub/apis/examplevault/register"
	person "github.com/armhub/armhub/apis/person/register"
	"github.com/armhub/armhub/runtime/conversionwebhook"
)

// webhook is the conversion webhook of the examplestorage and person services, served
// by a controller-runtime manager on a loopback address. It can be stopped and
// started again (a new manager on the same address and certificates).
type webhook struct {
	config  *rest.Config
	host    string
	port    int
	certDir string

	cancel context.CancelFunc
	done   chan error
}

func newWebhook(config *rest.Config, host string, port int, certDir string) *webhook {
	return &webhook{config: config, host: host, port: port, certDir: certDir}
}

// url is where the API server reaches the webhook.
func (w *webhook) url() string {
	return "https://" + net.JoinHostPort(w.host, strconv.Itoa(w.port)) + storage.WebhookPath
}

// start serves the webhook and waits until it answers. timed serves
// conversionwebhook.NewHandler behind a wrapper that records every review's latency;
// otherwise the services' own SetupWebhookWithManager set it up, as a user would.
func (w *webhook) start(timed bool) error {
	server := ctrlwebhook.NewServer(ctrlwebhook.Options{Host: w.host, Port: w.port, CertDir: w.certDir})
	mgr, err := manager.New(w.config, manager.Options{
		Scheme:                 kruntime.NewScheme(),
		Metrics:                metricsserver.Options{BindAddress: "0"},
		HealthProbeBindAddress: "0",
		WebhookServer:          server,
	})
	if err != nil {
		return err
	}
	if err := setUpConversion(mgr, timed); err != nil {
		return err
	}
	ctx, cancel := context.WithCancel(context.Background())
	w.cancel, w.done = cancel, make(chan error, 1)
	go func() { w.done <- mgr.Start(ctx) }()
	if err := waitServing(server, w.done); err != nil {
		cancel()
		return fmt.Errorf("conversion webhook on %s: %w", w.url(), err)
	}
	return nil
}

func setUpConversion(mgr manager.Manager, timed bool) error {
	if !timed {
		for _, setup := range []func(manager.Manager) error{storage.SetupWebhookWithManager, person.SetupWebhookWithManager, vault.SetupWebhookWithManager} {
			if err := setup(mgr); err != nil {
				return err
			}
		}
		return nil
	}
	if err := storage.AddToScheme(mgr.GetScheme()); err != nil {
		return err
	}
	if err := person.AddToScheme(mgr.GetScheme()); err != nil {
		return err
	}
	if err := vault.AddToScheme(mgr.GetScheme()); err != nil {
		return err
	}
	mgr.GetWebhookServer().Register(storage.WebhookPath, &timedHandler{next: conversionwebhook.NewHandler(mgr.GetScheme())})
	return nil
}

func waitServing(server ctrlwebhook.Server, done <-chan error) error {
	request, _ := http.NewRequest(http.MethodGet, "/", nil)
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		select {
		case err := <-done:
			return fmt.Errorf("the manager stopped: %v", err)
		default:
		}
		if server.StartedChecker()(request) == nil {
			return nil
		}
		time.Sleep(20 * time.Millisecond)
	}
	return errors.New("not serving after 30s")
}

// stop stops the manager and waits until it has, so that the address is free.
func (w *webhook) stop() {
	if w.cancel == nil {
		return
	}
	w.cancel()
	<-w.done
	w.cancel = nil
}

// timedHandler records the latency of every conversion review it serves.
type timedHandler struct {
	next http.Handler
}

func (h *timedHandler) ServeHTTP(rw http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(rw, err.Error(), http.StatusBadRequest)
		return
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	started := time.Now()
	h.next.ServeHTTP(rw, r)
	trace := traceOf(body)
	fig.reviews.add(time.Since(started), len(trace.from), trace)
}

// traceOf reads what a ConversionReview asks: its desired version and the
// versions of its objects.
func traceOf(body []byte) reviewTrace {
	var review struct {
		Request struct {
			Desired string `json:"desiredAPIVersion"`
			Objects []struct {
				APIVersion string `json:"apiVersion"`
			} `json:"objects"`
		} `json:"request"`
	}
	if json.Unmarshal(body, &review) != nil {
		return reviewTrace{}
	}
	trace := reviewTrace{desired: review.Request.Desired}
	for _, object := range review.Request.Objects {
		trace.from = append(trace.from, object.APIVersion)
	}
	return trace
}
