// The terminal gallery model lives here.
