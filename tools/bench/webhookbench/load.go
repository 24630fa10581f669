package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"sync"
	"time"

	apix "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// result is what driving one handler measured.
type result struct {
	elapsed   time.Duration
	latencies []time.Duration // one per review, in no order
}

func (r *result) add(other result) {
	r.elapsed += other.elapsed
	r.latencies = append(r.latencies, other.latencies...)
}

func (r result) reviewsPerSecond() float64 {
	return float64(len(r.latencies)) / r.elapsed.Seconds()
}

// percentile returns the latency below which fraction p of the reviews took.
func (r result) percentile(p float64) time.Duration {
	if len(r.latencies) == 0 {
		return 0
	}
	sorted := slices.Clone(r.latencies)
	slices.Sort(sorted)
	return sorted[int(p*float64(len(sorted)-1))]
}

// drive posts body to path from workers concurrent clients, each sending its
// next review when the last one is answered, until d has passed.
func (s *server) drive(path string, body []byte, workers int, d time.Duration) (result, error) {
	start := time.Now()
	deadline := start.Add(d)
	latencies := make([][]time.Duration, workers)
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			latencies[w], errs[w] = s.work(path, body, deadline)
		}()
	}
	wg.Wait()
	r := result{elapsed: time.Since(start)}
	for _, l := range latencies {
		r.latencies = append(r.latencies, l...)
	}
	return r, errors.Join(errs...)
}

func (s *server) work(path string, body []byte, deadline time.Time) ([]time.Duration, error) {
	var latencies []time.Duration
	for time.Now().Before(deadline) {
		begin := time.Now()
		response, err := s.post(path, body)
		if err != nil {
			return latencies, err
		}
		_, err = io.Copy(io.Discard, response.Body)
		response.Body.Close()
		if err != nil {
			return latencies, err
		}
		latencies = append(latencies, time.Since(begin))
	}
	return latencies, nil
}

func (s *server) post(path string, body []byte) (*http.Response, error) {
	response, err := s.client.Post(s.base+path, "application/json", bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	if response.StatusCode != http.StatusOK {
		response.Body.Close()
		return nil, fmt.Errorf("POST %s: %s", path, response.Status)
	}
	return response, nil
}

// check sends body to path once and fails unless the handler converted all
// n objects to desired.
func (s *server) check(path string, body []byte, n int, desired string) error {
	response, err := s.post(path, body)
	if err != nil {
		return err
	}
	defer response.Body.Close()
	var review apix.ConversionReview
	if err := json.NewDecoder(response.Body).Decode(&review); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	switch {
	case review.Response == nil:
		return fmt.Errorf("%s: no response", path)
	case review.Response.Result.Status != metav1.StatusSuccess:
		return fmt.Errorf("%s: %s", path, review.Response.Result.Message)
	case len(review.Response.ConvertedObjects) != n:
		return fmt.Errorf("%s: %d objects converted, want %d", path, len(review.Response.ConvertedObjects), n)
	}
	for _, object := range review.Response.ConvertedObjects {
		if err := checkVersion(object.Raw, desired); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
	}
	return nil
}

func checkVersion(object []byte, desired string) error {
	var header metav1.TypeMeta
	if err := json.Unmarshal(object, &header); err != nil {
		return err
	}
	if header.APIVersion != desired {
		return fmt.Errorf("an object converted to %s, want %s", header.APIVersion, desired)
	}
	return nil
}
