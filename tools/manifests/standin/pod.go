package standin

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	kruntime "k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// pod is the Deployment's container, run as a local process.
type pod struct {
	labels    map[string]string
	container corev1.Container
	cmd       *exec.Cmd
	exited    chan error
}

// run starts the Deployment's one container with the webhook binary as its
// image's entrypoint: its args, its environment, and each Secret volume as a
// folder of files standing for its mount path (an argument naming the mount
// path, or a file under it, names the folder instead). It returns once the
// readiness probe answers.
func run(ctx context.Context, c client.Client, u *unstructured.Unstructured, options Options) (*pod, error) {
	var d appsv1.Deployment
	if err := kruntime.DefaultUnstructuredConverter.FromUnstructured(u.Object, &d); err != nil {
		return nil, err
	}
	spec := d.Spec.Template.Spec
	if len(spec.Containers) != 1 || len(spec.Containers[0].Command) > 0 {
		return nil, fmt.Errorf("the Deployment %s: the stand-in runs one container with its image's entrypoint", name(u))
	}
	p := &pod{labels: d.Spec.Template.Labels, container: spec.Containers[0], exited: make(chan error, 1)}
	mounts, err := volumes(ctx, c, d.Namespace, spec, options.Dir)
	if err != nil {
		return nil, fmt.Errorf("the Deployment %s: %w", name(u), err)
	}
	p.start(options, mounts)
	if err := p.ready(ctx, options.Host); err != nil {
		p.stop()
		return nil, fmt.Errorf("the Deployment %s: %w", name(u), err)
	}
	return p, nil
}

// volumes writes each Secret volume the container mounts into a folder of
// dir and returns the mount paths and their folders.
func volumes(ctx context.Context, c client.Client, namespace string, spec corev1.PodSpec, dir string) (map[string]string, error) {
	secrets := map[string]string{}
	for _, v := range spec.Volumes {
		if v.Secret != nil {
			secrets[v.Name] = v.Secret.SecretName
		}
	}
	mounts := map[string]string{}
	for _, m := range spec.Containers[0].VolumeMounts {
		secretName, ok := secrets[m.Name]
		if !ok {
			return nil, fmt.Errorf("volume %s is not a Secret, the only kind the stand-in mounts", m.Name)
		}
		var secret corev1.Secret
		if err := c.Get(ctx, types.NamespacedName{Namespace: namespace, Name: secretName}, &secret); err != nil {
			return nil, fmt.Errorf("volume %s: %w", m.Name, err)
		}
		folder := filepath.Join(dir, m.Name)
		if err := filesOf(secret.Data, folder); err != nil {
			return nil, err
		}
		mounts[m.MountPath] = folder
	}
	return mounts, nil
}

func (p *pod) start(options Options, mounts map[string]string) {
	args := make([]string, len(p.container.Args))
	for i, a := range p.container.Args {
		args[i] = mounted(a, mounts)
	}
	p.cmd = exec.Command(options.Webhook, args...)
	p.cmd.Env = os.Environ()
	for _, e := range p.container.Env {
		p.cmd.Env = append(p.cmd.Env, e.Name+"="+e.Value)
	}
	p.cmd.Stdout, p.cmd.Stderr = options.Log, options.Log
	if options.Log == nil {
		p.cmd.Stdout, p.cmd.Stderr = os.Stderr, os.Stderr
	}
	if err := p.cmd.Start(); err != nil {
		p.exited <- err
		return
	}
	go func() { p.exited <- p.cmd.Wait() }()
}

// mounted is arg with a mount path, or a path under one, replaced by its folder.
func mounted(arg string, mounts map[string]string) string {
	for path, folder := range mounts {
		if arg == path || strings.HasPrefix(arg, path+"/") {
			return folder + strings.TrimPrefix(arg, path)
		}
	}
	return arg
}

func (p *pod) stop() {
	if p.cmd != nil && p.cmd.Process != nil {
		_ = p.cmd.Process.Kill()
	}
}

// ready polls the readiness probe (an HTTP GET, over HTTPS unverified as the
// kubelet's is) at host until it answers 2xx or 3xx, for at most a minute.
func (p *pod) ready(ctx context.Context, host string) error {
	probe := p.container.ReadinessProbe
	if probe == nil || probe.HTTPGet == nil {
		return errors.New("the container has no HTTP readiness probe to wait for")
	}
	port, err := p.port(probe.HTTPGet.Port.String())
	if err != nil {
		return err
	}
	url := fmt.Sprintf("%s://%s%s", strings.ToLower(string(probe.HTTPGet.Scheme)), net.JoinHostPort(host, strconv.Itoa(int(port))), probe.HTTPGet.Path)
	web := &http.Client{Timeout: 2 * time.Second, Transport: &http.Transport{TLSClientConfig: &tls.Config{InsecureSkipVerify: true}}}
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	for {
		if answered(ctx, web, url) {
			return nil
		}
		select {
		case err := <-p.exited:
			return fmt.Errorf("the container exited before it was ready: %v", err)
		case <-ctx.Done():
			return fmt.Errorf("the readiness probe %s did not answer within a minute", url)
		case <-time.After(200 * time.Millisecond):
		}
	}
}

func answered(ctx context.Context, web *http.Client, url string) bool {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return false
	}
	resp, err := web.Do(req)
	if err != nil {
		return false
	}
	_ = resp.Body.Close()
	return resp.StatusCode >= 200 && resp.StatusCode < 400
}

// port resolves a container port given by name or number.
func (p *pod) port(nameOrNumber string) (int32, error) {
	for _, cp := range p.container.Ports {
		if cp.Name == nameOrNumber || strconv.Itoa(int(cp.ContainerPort)) == nameOrNumber {
			return cp.ContainerPort, nil
		}
	}
	if n, err := strconv.Atoi(nameOrNumber); err == nil {
		return int32(n), nil
	}
	return 0, fmt.Errorf("the container has no port named %s", nameOrNumber)
}
