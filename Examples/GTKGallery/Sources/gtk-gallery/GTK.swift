// Small helpers over GTK 4's C API as Swift imports it: pointer casts between the widget types
// (some arrive as typed pointers, some as `OpaquePointer`), signal connection with C closures,
// and CSS.

import CGtk

/// A GTK widget pointer, the type most GTK calls take.
typealias Widget = UnsafeMutablePointer<GtkWidget>

/// `p` as a pointer to the C struct `T` (GTK's `GTK_WINDOW (p)` and friends, without the check).
@inline(__always)
func cast<T>(_ p: Widget, to _: T.Type = T.self) -> UnsafeMutablePointer<T> {
  UnsafeMutableRawPointer(p).assumingMemoryBound(to: T.self)
}

/// `p` as an opaque pointer, for the GTK types Swift imports as `OpaquePointer` (final types
/// whose struct is private: GtkScrolledWindow, GtkLabel, GtkPicture, GtkViewport...).
@inline(__always)
func opaque(_ p: Widget) -> OpaquePointer { OpaquePointer(p) }

/// An opaque or typed GObject pointer as a widget pointer.
@inline(__always)
func widget(_ p: OpaquePointer) -> Widget { UnsafeMutablePointer<GtkWidget>(p) }

/// Connects a C callback to a GObject signal. `handler` must be a `@convention(c)` function
/// whose parameters match the signal's (instance first, `user_data` last).
@discardableResult
func connect<F>(_ instance: UnsafeMutableRawPointer, _ signal: String, _ handler: F, _ data: UnsafeMutableRawPointer?) -> UInt {
  UInt(g_signal_connect_data(instance, signal, unsafeBitCast(handler, to: GCallback.self), data, nil, GConnectFlags(0)))
}

/// Loads `css` for the whole display.
func installCSS(_ css: String) {
  let provider = gtk_css_provider_new()
  gtk_css_provider_load_from_data(provider, css, -1)
  gtk_style_context_add_provider_for_display(
    gdk_display_get_default(), OpaquePointer(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
}

/// Adds or removes a CSS class.
@inline(__always)
func setClass(_ w: Widget, _ name: String, _ on: Bool) {
  if on { gtk_widget_add_css_class(w, name) } else { gtk_widget_remove_css_class(w, name) }
}

/// A monotonic clock reading in seconds, for the frame timings.
@inline(__always)
func now() -> Double {
  Double(g_get_monotonic_time()) / 1_000_000
}
