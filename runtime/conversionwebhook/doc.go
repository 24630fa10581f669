// Package conversionwebhook serves the conversion webhook of armhub's
// generated types: a handler for apiextensions.k8s.io/v1 ConversionReviews
// over a scheme (NewHandler), its registration with a controller-runtime
// manager (Register), the command every service module's cmd/armhub-webhook
// runs (Main, Run), and the CRDs of a service with the webhook's address
// applied (LoadCRDs, Options).
//
// The package is not called webhook so that it never meets
// sigs.k8s.io/controller-runtime/pkg/webhook, which code that uses it
// imports as well.
//
// # What is controller-runtime's and what is ours
//
// controller-runtime (v0.22) has a conversion handler of its own,
// pkg/webhook/conversion.NewWebhookHandler. Its parts that are exported are
// used here: objects are decoded by its conversion.Decoder (the scheme's
// deserializer, as controller-runtime decodes everywhere), schemes are checked
// by its conversion.IsConvertible (CheckScheme: exactly one hub a kind, every
// other version convertible; Register and Run refuse a scheme that fails),
// and the command serves with its webhook.Server (TLS, certificates reloaded
// when they change). The handler itself is ours, because the review around
// the conversion behaves differently, and each difference is one the API
// server or an operator sees:
//
//   - Size: a review's body is read up to 64 MiB, then refused;
//     controller-runtime reads any length into memory.
//   - Strictness: the review must be an apiextensions.k8s.io/v1
//     ConversionReview with a request and a uid, without unknown fields;
//     controller-runtime decodes any JSON into one and converts.
//   - Failure text: a review that cannot be read is answered with status 400
//     and a ConversionReview whose Failure says why (controller-runtime: 400
//     with an empty body); a failed object names its index, kind, namespace
//     and name, an unknown version lists the versions the kind has, and a
//     panic keeps its message (controller-runtime answers "internal error
//     occurred during conversion"). Conversion errors reach the API server,
//     which shows them to the client, so they must say what was wrong.
//   - Same version: an object already at the desired version is returned as
//     it is; controller-runtime fails the review.
//
// The conversion itself (hub to spoke, spoke to hub, spoke to spoke through a
// new hub) is the same in both; controller-runtime does not export it. Each
// object is decoded, converted, encoded into the response and dropped, so
// nothing here copies: the converted object shares with the decoded one what
// the generated conversions share (the runtime package's "Sharing").
package conversionwebhook
