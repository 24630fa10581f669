package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"

	apix "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	kruntime "k8s.io/apimachinery/pkg/runtime"
)

// maxBody bounds a review's body, as the webhook does.
const maxBody = 64 << 20

// baseline is the handler the webhook is measured against: it decodes the
// same ConversionReview (encoding/json, objects as RawExtensions), decodes
// each object into a map (numbers kept as written), sets its apiVersion to the
// desired one and encodes the response. It does what any webhook must do with
// JSON and no conversion at all.
type baseline struct{}

func (baseline) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	review, err := decodeReview(r.Body)
	if err == nil {
		review.Response, err = swapVersions(review.Request)
		review.Request = nil
	}
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(review)
}

func decodeReview(body io.Reader) (*apix.ConversionReview, error) {
	data, err := io.ReadAll(io.LimitReader(body, maxBody))
	if err != nil {
		return nil, err
	}
	review := &apix.ConversionReview{}
	if err := json.Unmarshal(data, review); err != nil {
		return nil, err
	}
	if review.Request == nil {
		return nil, fmt.Errorf("a ConversionReview without a request")
	}
	return review, nil
}

// swapVersions answers request with its objects, each decoded and encoded
// again with the desired apiVersion.
func swapVersions(request *apix.ConversionRequest) (*apix.ConversionResponse, error) {
	converted := make([]kruntime.RawExtension, 0, len(request.Objects))
	for i, object := range request.Objects {
		var fields map[string]any
		decoder := json.NewDecoder(bytes.NewReader(object.Raw))
		decoder.UseNumber()
		if err := decoder.Decode(&fields); err != nil {
			return nil, fmt.Errorf("object %d: %w", i, err)
		}
		fields["apiVersion"] = request.DesiredAPIVersion
		raw, err := json.Marshal(fields)
		if err != nil {
			return nil, fmt.Errorf("object %d: %w", i, err)
		}
		converted = append(converted, kruntime.RawExtension{Raw: raw})
	}
	return &apix.ConversionResponse{
		UID:              request.UID,
		ConvertedObjects: converted,
		Result:           metav1.Status{Status: metav1.StatusSuccess},
	}, nil
}
