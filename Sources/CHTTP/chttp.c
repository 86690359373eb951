// HTTP for lifectl's service commands through libcurl, loaded at run time
// (dlopen) by the commands that need it only, so that no other command pays
// for loading libcurl and its TLS libraries at start-up (PERF-5;
// docs/design.md, "The service's client"). The few libcurl entry points and
// option numbers used are part of libcurl's stable ABI (curl.h).
#include "chttp.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

typedef void CURL;
struct curl_slist;
typedef int CURLcode;

enum {
    OPT_WRITEDATA = 10001,
    OPT_URL = 10002,
    OPT_POSTFIELDS = 10015,
    OPT_HTTPHEADER = 10023,
    OPT_CUSTOMREQUEST = 10036,
    OPT_TIMEOUT = 13,
    OPT_NOSIGNAL = 99,
    OPT_PROTOCOLS = 181,
    OPT_REDIR_PROTOCOLS = 182,
    OPT_WRITEFUNCTION = 20011,
    OPT_POSTFIELDSIZE_LARGE = 30120,
    INFO_RESPONSE_CODE = 0x200000 + 2,
    PROTO_HTTP = 1,
    PROTO_HTTPS = 2,
    GLOBAL_DEFAULT = 3,
};

static struct {
    int loaded;
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    CURLcode (*easy_setopt)(CURL *, int, ...);
    CURLcode (*easy_perform)(CURL *);
    CURLcode (*easy_getinfo)(CURL *, int, ...);
    void (*easy_cleanup)(CURL *);
    const char *(*easy_strerror)(CURLcode);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
} curl;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load(void) {
    const char *names[] = {"libcurl.so.4", "libcurl.so", "libcurl.4.dylib", "libcurl.dylib"};
    void *library = NULL;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && library == NULL; i++) {
        library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    }
    if (library == NULL) return;
    curl.global_init = (CURLcode (*)(long))dlsym(library, "curl_global_init");
    curl.easy_init = (CURL * (*)(void)) dlsym(library, "curl_easy_init");
    curl.easy_setopt = (CURLcode (*)(CURL *, int, ...))dlsym(library, "curl_easy_setopt");
    curl.easy_perform = (CURLcode (*)(CURL *))dlsym(library, "curl_easy_perform");
    curl.easy_getinfo = (CURLcode (*)(CURL *, int, ...))dlsym(library, "curl_easy_getinfo");
    curl.easy_cleanup = (void (*)(CURL *))dlsym(library, "curl_easy_cleanup");
    curl.easy_strerror = (const char *(*)(CURLcode))dlsym(library, "curl_easy_strerror");
    curl.slist_append = (struct curl_slist * (*)(struct curl_slist *, const char *)) dlsym(library, "curl_slist_append");
    curl.slist_free_all = (void (*)(struct curl_slist *))dlsym(library, "curl_slist_free_all");
    if (curl.global_init && curl.easy_init && curl.easy_setopt && curl.easy_perform && curl.easy_getinfo &&
        curl.easy_cleanup && curl.easy_strerror && curl.slist_append && curl.slist_free_all &&
        curl.global_init(GLOBAL_DEFAULT) == 0) {
        curl.loaded = 1;
    }
}

typedef struct {
    char *data;
    size_t length;
    size_t capacity;
    int overflow;
} buffer;

enum { MAX_BODY = 64 * 1024 * 1024 };

static size_t collect(char *chunk, size_t size, size_t count, void *context) {
    buffer *into = context;
    size_t n = size * count;
    if (into->length + n + 1 > MAX_BODY) {
        into->overflow = 1;
        return 0;
    }
    if (into->length + n + 1 > into->capacity) {
        size_t capacity = into->capacity ? into->capacity : 4096;
        while (capacity < into->length + n + 1) capacity *= 2;
        char *grown = realloc(into->data, capacity);
        if (grown == NULL) return 0;
        into->data = grown;
        into->capacity = capacity;
    }
    memcpy(into->data + into->length, chunk, n);
    into->length += n;
    into->data[into->length] = 0;
    return n;
}

int lifectl_http_request(const char *method, const char *url, const char *const *headers, size_t header_count,
                         const char *body, size_t body_length, long timeout_seconds, lifectl_http_response *out) {
    memset(out, 0, sizeof *out);
    pthread_once(&load_once, load);
    if (!curl.loaded) {
        out->error = "libcurl (libcurl.so.4) could not be loaded; install it (Debian: apt-get install libcurl4)";
        return -1;
    }
    CURL *handle = curl.easy_init();
    if (handle == NULL) {
        out->error = "libcurl could not start a request";
        return -1;
    }
    struct curl_slist *list = NULL;
    for (size_t i = 0; i < header_count; i++) list = curl.slist_append(list, headers[i]);
    buffer received = {0};
    curl.easy_setopt(handle, OPT_URL, url);
    curl.easy_setopt(handle, OPT_PROTOCOLS, (long)(PROTO_HTTP | PROTO_HTTPS));
    curl.easy_setopt(handle, OPT_REDIR_PROTOCOLS, (long)(PROTO_HTTP | PROTO_HTTPS));
    curl.easy_setopt(handle, OPT_CUSTOMREQUEST, method);
    curl.easy_setopt(handle, OPT_NOSIGNAL, 1L);
    curl.easy_setopt(handle, OPT_TIMEOUT, timeout_seconds);
    curl.easy_setopt(handle, OPT_HTTPHEADER, list);
    curl.easy_setopt(handle, OPT_WRITEFUNCTION, collect);
    curl.easy_setopt(handle, OPT_WRITEDATA, &received);
    if (body != NULL) {
        curl.easy_setopt(handle, OPT_POSTFIELDS, body);
        curl.easy_setopt(handle, OPT_POSTFIELDSIZE_LARGE, (long long)body_length);
    }
    CURLcode code = curl.easy_perform(handle);
    int result = 0;
    if (code != 0) {
        out->error = received.overflow ? "the response is larger than 64 MiB" : curl.easy_strerror(code);
        free(received.data);
        result = -1;
    } else {
        curl.easy_getinfo(handle, INFO_RESPONSE_CODE, &out->status);
        out->body = received.data ? received.data : calloc(1, 1);
        out->length = received.length;
    }
    curl.slist_free_all(list);
    curl.easy_cleanup(handle);
    return result;
}

void lifectl_http_response_free(lifectl_http_response *response) {
    free(response->body);
    response->body = NULL;
    response->length = 0;
}
