// Command armhub-lifecycle runs the lifecycle controller: it keeps the
// served, deprecated and deprecationWarning fields of every CRD carrying the
// annotation lifecycle.armhub.io/versions in line with the versions'
// lifecycles, with a cluster operator's overrides applied.
//
//	armhub-lifecycle -overrides /etc/armhub/overrides.yaml -leader-elect
//
// It talks to the cluster of $KUBECONFIG, ~/.kube/config or, in a pod, its
// service account.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	apix "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	kruntime "k8s.io/apimachinery/pkg/runtime"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	"k8s.io/client-go/rest"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/healthz"
	"sigs.k8s.io/controller-runtime/pkg/log/zap"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"

	"github.com/armhub/armhub/serving/lifecycle"
)

type options struct {
	overrides   string
	leaderElect bool
	namespace   string
	metrics     string
	health      string
	maxRequeue  time.Duration
	check       bool
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stderr, ctrl.GetConfig); err != nil {
		fmt.Fprintln(os.Stderr, "armhub-lifecycle:", err)
		os.Exit(1)
	}
}

func parseFlags(args []string, stderr io.Writer) (options, error) {
	var o options
	fs := flag.NewFlagSet("armhub-lifecycle", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.overrides, "overrides", "", "YAML file of lifecycle overrides (none by default); read at start")
	fs.BoolVar(&o.check, "check", false, "only check the -overrides file and exit")
	fs.BoolVar(&o.leaderElect, "leader-elect", false, "elect a leader (a Lease), for more than one replica")
	fs.StringVar(&o.namespace, "leader-election-namespace", "armhub-system", "namespace of the leader election Lease")
	fs.StringVar(&o.metrics, "metrics-addr", "0", `metrics address (host:port; "0" disables)`)
	fs.StringVar(&o.health, "health-addr", ":8081", `address of /healthz and /readyz ("0" disables)`)
	fs.DurationVar(&o.maxRequeue, "max-requeue", time.Hour, "longest wait before a CRD is evaluated again (0: until its next transition)")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	if fs.NArg() > 0 {
		return o, fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	if o.maxRequeue < 0 {
		return o, fmt.Errorf("-max-requeue %s is negative", o.maxRequeue)
	}
	return o, nil
}

func run(ctx context.Context, args []string, stderr io.Writer, config func() (*rest.Config, error)) error {
	o, err := parseFlags(args, stderr)
	if err != nil {
		return err
	}
	var overrides lifecycle.Overrides
	if o.overrides != "" {
		if overrides, err = lifecycle.LoadOverrides(o.overrides); err != nil {
			return err
		}
	}
	if o.check {
		fmt.Fprintf(stderr, "armhub-lifecycle: %s: %d overrides\n", o.overrides, len(overrides))
		return nil
	}
	cfg, err := config()
	if err != nil {
		return err
	}
	scheme := kruntime.NewScheme()
	if err := clientgoscheme.AddToScheme(scheme); err != nil {
		return err
	}
	if err := apix.AddToScheme(scheme); err != nil {
		return err
	}
	ctrl.SetLogger(zap.New(zap.WriteTo(stderr)))
	mgr, err := ctrl.NewManager(cfg, ctrl.Options{
		Scheme:                  scheme,
		Metrics:                 metricsserver.Options{BindAddress: o.metrics},
		HealthProbeBindAddress:  o.health,
		LeaderElection:          o.leaderElect,
		LeaderElectionID:        "armhub-lifecycle",
		LeaderElectionNamespace: o.namespace,
	})
	if err != nil {
		return err
	}
	if o.health != "0" {
		if err := mgr.AddHealthzCheck("healthz", healthz.Ping); err != nil {
			return err
		}
		if err := mgr.AddReadyzCheck("readyz", healthz.Ping); err != nil {
			return err
		}
	}
	r := &lifecycle.Reconciler{Client: mgr.GetClient(), Clock: lifecycle.RealClock{}, Overrides: overrides, MaxRequeue: o.maxRequeue}
	if err := r.SetupWithManager(mgr); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "armhub-lifecycle: reconciling CRDs annotated %s (%d overrides)\n", "lifecycle.armhub.io/versions", len(overrides))
	return mgr.Start(ctx)
}
