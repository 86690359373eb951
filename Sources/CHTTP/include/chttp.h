#ifndef LIFECTL_CHTTP_H
#define LIFECTL_CHTTP_H

#include <stddef.h>

/// One HTTP exchange's outcome: the status (0 when none came), the body
/// (malloc'd, NUL-terminated, `length` bytes before the NUL) and, on
/// failure, what failed (static text or malloc'd, see `error_owned`).
typedef struct {
    long status;
    char *body;
    size_t length;
    const char *error;
} lifectl_http_response;

/// Sends one request with libcurl, loaded with dlopen on the first call
/// (never at start-up: docs/design.md, "The service's client"). Only http
/// and https; no redirects followed. Returns 0 when a response came, else
/// -1 with `out->error` set. Free the body with `lifectl_http_response_free`.
int lifectl_http_request(const char *method, const char *url, const char *const *headers, size_t header_count,
                         const char *body, size_t body_length, long timeout_seconds, lifectl_http_response *out);

void lifectl_http_response_free(lifectl_http_response *response);

#endif
