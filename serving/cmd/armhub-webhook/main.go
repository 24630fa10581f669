// Command armhub-webhook serves the conversion webhook of chosen armhub
// services over HTTPS, for the CRDs in apis/<service>/crd, which name it.
//
//	armhub-webhook -services examplestorage,person -addr :9443 -cert-dir /certs
//
// The certificate directory holds tls.crt and tls.key (cert-manager's
// Certificate armhub-system/armhub-webhook, mounted as a secret, by default);
// the certificate is reloaded when the files change.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"sort"
	"strconv"
	"strings"
	"syscall"

	kruntime "k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/webhook"

	cache "github.com/armhub/armhub/apis/examplecache/register"
	servicefabric "github.com/armhub/armhub/apis/exampleservicefabric/register"
	storage "github.com/armhub/armhub/apis/examplestorage/register"
	identity "github.com/armhub/armhub/apis/identity/register"
	person "github.com/armhub/armhub/apis/person/register"
	armwebhook "github.com/armhub/armhub/runtime/webhook"
)

// services are the services this command can serve, by name.
var services = map[string]func(*kruntime.Scheme) error{
	cache.Service:         cache.AddToScheme,
	identity.Service:      identity.AddToScheme,
	person.Service:        person.AddToScheme,
	servicefabric.Service: servicefabric.AddToScheme,
	storage.Service:       storage.AddToScheme,
}

type options struct {
	services string
	addr     string
	certDir  string
	path     string
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "armhub-webhook:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, stderr io.Writer) error {
	o, err := parseFlags(args, stderr)
	if err != nil {
		return err
	}
	scheme, err := schemeFor(o.services)
	if err != nil {
		return err
	}
	host, port, err := splitAddr(o.addr)
	if err != nil {
		return err
	}
	server := webhook.NewServer(webhook.Options{Host: host, Port: port, CertDir: o.certDir})
	server.Register(o.path, armwebhook.NewHandler(scheme))
	server.Register("/healthz", http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { _, _ = io.WriteString(w, "ok") }))
	fmt.Fprintf(stderr, "armhub-webhook: serving %s at https://%s%s\n", o.services, o.addr, o.path)
	return server.Start(ctx)
}

func parseFlags(args []string, stderr io.Writer) (options, error) {
	var o options
	flags := flag.NewFlagSet("armhub-webhook", flag.ContinueOnError)
	flags.SetOutput(stderr)
	flags.StringVar(&o.services, "services", "all", "comma-separated services to convert ("+strings.Join(names(), ", ")+"), or all")
	flags.StringVar(&o.addr, "addr", ":9443", "host:port to serve HTTPS on")
	flags.StringVar(&o.certDir, "cert-dir", "/tmp/k8s-webhook-server/serving-certs", "directory holding tls.crt and tls.key")
	flags.StringVar(&o.path, "path", armwebhook.DefaultPath, "path of the conversion webhook (the CRDs' clientConfig path)")
	if err := flags.Parse(args); err != nil {
		return o, err
	}
	if flags.NArg() > 0 {
		return o, fmt.Errorf("unexpected arguments %q", flags.Args())
	}
	if !strings.HasPrefix(o.path, "/") {
		return o, fmt.Errorf("-path %q must start with /", o.path)
	}
	return o, nil
}

// schemeFor returns a scheme holding every version of the chosen services.
func schemeFor(list string) (*kruntime.Scheme, error) {
	chosen := names()
	if list != "all" {
		chosen = strings.Split(list, ",")
	}
	scheme := kruntime.NewScheme()
	for _, name := range chosen {
		add, ok := services[strings.TrimSpace(name)]
		if !ok {
			return nil, fmt.Errorf("-services: unknown service %q (known: %s)", name, strings.Join(names(), ", "))
		}
		if err := add(scheme); err != nil {
			return nil, fmt.Errorf("registering %s: %w", name, err)
		}
	}
	return scheme, nil
}

func names() []string {
	var out []string
	for name := range services {
		out = append(out, name)
	}
	sort.Strings(out)
	return out
}

func splitAddr(addr string) (string, int, error) {
	host, portText, err := net.SplitHostPort(addr)
	if err != nil {
		return "", 0, fmt.Errorf("-addr %q: %w", addr, err)
	}
	port, err := strconv.Atoi(portText)
	if err != nil || port < 1 || port > 65535 {
		return "", 0, fmt.Errorf("-addr %q: port is not a number between 1 and 65535", addr)
	}
	return host, port, nil
}
