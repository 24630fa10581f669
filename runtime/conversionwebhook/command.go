package conversionwebhook

import (
	"context"
	"errors"
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

	"github.com/go-logr/logr/funcr"
	kruntime "k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/webhook"
)

// CommandName is the name of the conversion webhook command of every service
// module (cmd/armhub-webhook) and of the Kubernetes service its CRDs name by
// default.
const CommandName = "armhub-webhook"

// DefaultCertDir is where the command reads tls.crt and tls.key unless told
// otherwise (controller-runtime's default).
const DefaultCertDir = "/tmp/k8s-webhook-server/serving-certs"

// Service is one service the command serves: what the generated
// register.Webhook() of its module returns.
type Service struct {
	Name        string                       // the service's name (register.Service)
	AddToScheme func(*kruntime.Scheme) error // registers every version's types (register.AddToScheme)
	Path        string                       // where its CRDs expect the webhook (register.WebhookPath)
}

// Main runs the conversion webhook command over services with the process's
// arguments, logging to standard error, until SIGINT or SIGTERM; it exits with
// status 1, printing why, when it cannot serve. A service module's generated
// cmd/armhub-webhook is Main(register.Webhook()); a command serving several
// services passes each one's register.Webhook(). Flags: see Run.
func Main(services ...Service) {
	log.SetLogger(funcr.New(func(prefix, args string) { fmt.Fprintln(os.Stderr, prefix, args) }, funcr.Options{}))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := Run(ctx, os.Args[1:], os.Stderr, services...)
	stop()
	switch {
	case errors.Is(err, flag.ErrHelp):
		os.Exit(0)
	case err != nil:
		fmt.Fprintln(os.Stderr, CommandName+":", err)
		os.Exit(1)
	}
}

// Run serves the conversion webhook of services over HTTPS until ctx ends,
// as the flags in args say (usage and flag errors are written to stderr):
//
//	-services  comma-separated names of the services to convert, or all (default)
//	-addr      host:port to serve on (default :9443)
//	-cert-dir  directory holding tls.crt and tls.key, reloaded when they change
//	           (default /tmp/k8s-webhook-server/serving-certs)
//	-path      path to serve every chosen service at (default: each service's
//	           Path, the one its CRDs name)
//
// It also answers GET /healthz with "ok". Kinds that are not convertible
// (CheckScheme) are an error before anything is served.
func Run(ctx context.Context, args []string, stderr io.Writer, services ...Service) error {
	o, err := parseFlags(args, stderr, services)
	if err != nil {
		return err
	}
	chosen, err := choose(services, o.services)
	if err != nil {
		return err
	}
	scheme, err := schemeOf(chosen)
	if err != nil {
		return err
	}
	host, port, err := splitAddr(o.addr)
	if err != nil {
		return err
	}
	server := webhook.NewServer(webhook.Options{Host: host, Port: port, CertDir: o.certDir})
	handler := NewHandler(scheme)
	for _, path := range paths(chosen, o.path) {
		server.Register(path, handler)
		fmt.Fprintf(stderr, "%s: serving %s at https://%s%s\n", CommandName, namesAt(chosen, o.path, path), o.addr, path)
	}
	server.Register("/healthz", http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { _, _ = io.WriteString(w, "ok") }))
	return server.Start(ctx)
}

type options struct {
	services, addr, certDir, path string
}

func parseFlags(args []string, stderr io.Writer, services []Service) (options, error) {
	var o options
	flags := flag.NewFlagSet(CommandName, flag.ContinueOnError)
	flags.SetOutput(stderr)
	flags.StringVar(&o.services, "services", "all", "comma-separated services to convert ("+strings.Join(names(services), ", ")+"), or all")
	flags.StringVar(&o.addr, "addr", ":9443", "host:port to serve HTTPS on")
	flags.StringVar(&o.certDir, "cert-dir", DefaultCertDir, "directory holding tls.crt and tls.key (reloaded when they change)")
	flags.StringVar(&o.path, "path", commonPath(services), "path of the conversion webhook, the CRDs' clientConfig path (empty: each service's own)")
	if err := flags.Parse(args); err != nil {
		return o, err
	}
	if flags.NArg() > 0 {
		return o, fmt.Errorf("unexpected arguments %q", flags.Args())
	}
	if o.path != "" && !strings.HasPrefix(o.path, "/") {
		return o, fmt.Errorf("-path %q must start with /", o.path)
	}
	return o, nil
}

// choose returns the services list names (comma-separated, or all).
func choose(services []Service, list string) ([]Service, error) {
	byName := map[string]Service{}
	for _, s := range services {
		if s.Name == "" || s.AddToScheme == nil || !strings.HasPrefix(s.Path, "/") {
			return nil, fmt.Errorf("service %q: a service needs a name, AddToScheme and a path starting with /", s.Name)
		}
		if _, twice := byName[s.Name]; twice {
			return nil, fmt.Errorf("service %q given twice", s.Name)
		}
		byName[s.Name] = s
	}
	if list == "all" {
		list = strings.Join(names(services), ",")
	}
	var chosen []Service
	for _, name := range strings.Split(list, ",") {
		s, ok := byName[strings.TrimSpace(name)]
		if !ok {
			return nil, fmt.Errorf("-services: unknown service %q (known: %s)", name, strings.Join(names(services), ", "))
		}
		chosen = append(chosen, s)
	}
	return chosen, nil
}

// schemeOf returns a scheme holding every version of services, checked.
func schemeOf(services []Service) (*kruntime.Scheme, error) {
	scheme := kruntime.NewScheme()
	for _, s := range services {
		if err := s.AddToScheme(scheme); err != nil {
			return nil, fmt.Errorf("registering %s: %w", s.Name, err)
		}
	}
	return scheme, CheckScheme(scheme)
}

// paths returns the paths to serve: override, or every service's own.
func paths(services []Service, override string) []string {
	if override != "" {
		return []string{override}
	}
	seen := map[string]bool{}
	var out []string
	for _, s := range services {
		if !seen[s.Path] {
			seen[s.Path] = true
			out = append(out, s.Path)
		}
	}
	sort.Strings(out)
	return out
}

// namesAt names the services whose CRDs expect the webhook at path.
func namesAt(services []Service, override, path string) string {
	var out []string
	for _, s := range services {
		if override != "" || s.Path == path {
			out = append(out, s.Name)
		}
	}
	return strings.Join(out, ",")
}

// commonPath returns the path every service shares, or "" when they differ.
func commonPath(services []Service) string {
	if len(services) == 0 {
		return DefaultPath
	}
	for _, s := range services[1:] {
		if s.Path != services[0].Path {
			return ""
		}
	}
	return services[0].Path
}

func names(services []Service) []string {
	out := make([]string, 0, len(services))
	for _, s := range services {
		out = append(out, s.Name)
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
