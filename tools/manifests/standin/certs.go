package standin

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"fmt"
	"math/big"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"
	apix "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// issue does what cert-manager's self-signed issuer does for each
// Certificate: a key and a certificate for its DNS names, signed by itself,
// in a kubernetes.io/tls Secret of the name it asks for, with ca.crt the
// certificate itself.
func issue(ctx context.Context, c client.Client, certificates []*unstructured.Unstructured) error {
	for _, cert := range certificates {
		secretName, _, _ := unstructured.NestedString(cert.Object, "spec", "secretName")
		dns, _, _ := unstructured.NestedStringSlice(cert.Object, "spec", "dnsNames")
		if secretName == "" || len(dns) == 0 {
			return fmt.Errorf("the Certificate %s names no secretName or no dnsNames", name(cert))
		}
		certPEM, keyPEM, err := selfSigned(dns)
		if err != nil {
			return err
		}
		secret := &corev1.Secret{
			ObjectMeta: metav1.ObjectMeta{Name: secretName, Namespace: cert.GetNamespace(),
				Annotations: map[string]string{"cert-manager.io/certificate-name": cert.GetName()}},
			Type: corev1.SecretTypeTLS,
			Data: map[string][]byte{"tls.crt": certPEM, "tls.key": keyPEM, "ca.crt": certPEM},
		}
		if err := c.Create(ctx, secret); err != nil {
			return fmt.Errorf("issuing Certificate %s into Secret %s: %w", name(cert), secretName, err)
		}
	}
	return nil
}

func selfSigned(dns []string) (certPEM, keyPEM []byte, err error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, nil, err
	}
	serial, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 127))
	if err != nil {
		return nil, nil, err
	}
	now := time.Now()
	template := &x509.Certificate{
		SerialNumber: serial,
		Subject:      pkix.Name{CommonName: dns[0]},
		DNSNames:     dns,
		NotBefore:    now.Add(-time.Hour),
		NotAfter:     now.Add(24 * time.Hour),
		KeyUsage:     x509.KeyUsageDigitalSignature | x509.KeyUsageKeyEncipherment,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, template, template, &key.PublicKey, key)
	if err != nil {
		return nil, nil, err
	}
	keyDER, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		return nil, nil, err
	}
	return pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}),
		pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: keyDER}), nil
}

// injectCA does what cert-manager's CA injector does for CRDs annotated
// cert-manager.io/inject-ca-from: <namespace>/<certificate>: the ca.crt of
// that Certificate's Secret becomes the caBundle of the CRD's webhook.
func injectCA(ctx context.Context, c client.Client, crds []*unstructured.Unstructured) error {
	for _, u := range crds {
		from := u.GetAnnotations()["cert-manager.io/inject-ca-from"]
		if from == "" {
			continue
		}
		ca, err := caOf(ctx, c, from)
		if err != nil {
			return fmt.Errorf("CRD %s: %w", u.GetName(), err)
		}
		var crd apix.CustomResourceDefinition
		if err := c.Get(ctx, types.NamespacedName{Name: u.GetName()}, &crd); err != nil {
			return err
		}
		if crd.Spec.Conversion == nil || crd.Spec.Conversion.Webhook == nil || crd.Spec.Conversion.Webhook.ClientConfig == nil {
			return fmt.Errorf("CRD %s asks for a CA but has no conversion webhook", crd.Name)
		}
		before := crd.DeepCopy()
		crd.Spec.Conversion.Webhook.ClientConfig.CABundle = ca
		if err := c.Patch(ctx, &crd, client.MergeFrom(before)); err != nil {
			return fmt.Errorf("injecting the CA into CRD %s: %w", crd.Name, err)
		}
	}
	return nil
}

// caOf returns the ca.crt of the Secret of the Certificate named
// <namespace>/<name>.
func caOf(ctx context.Context, c client.Client, from string) ([]byte, error) {
	namespace, certName, ok := strings.Cut(from, "/")
	if !ok || namespace == "" || certName == "" {
		return nil, fmt.Errorf("cert-manager.io/inject-ca-from %q is not <namespace>/<certificate>", from)
	}
	cert := &unstructured.Unstructured{}
	cert.SetAPIVersion("cert-manager.io/v1")
	cert.SetKind("Certificate")
	if err := c.Get(ctx, types.NamespacedName{Namespace: namespace, Name: certName}, cert); err != nil {
		return nil, fmt.Errorf("the Certificate it takes its CA from: %w", err)
	}
	secretName, _, _ := unstructured.NestedString(cert.Object, "spec", "secretName")
	var secret corev1.Secret
	if err := c.Get(ctx, types.NamespacedName{Namespace: namespace, Name: secretName}, &secret); err != nil {
		return nil, fmt.Errorf("the Secret of Certificate %s: %w", from, err)
	}
	if len(secret.Data["ca.crt"]) == 0 {
		return nil, fmt.Errorf("the Secret %s/%s of Certificate %s has no ca.crt", namespace, secretName, from)
	}
	return secret.Data["ca.crt"], nil
}
