// The collection view's cell type: one GTK widget tree per card, header or footer. Cards are
// made by the reuse pools' factories and handed back to them when they scroll away; while in a
// pool a card's widget is out of the window (unparented) but kept alive by the card's reference.

import CGtk
import CascadeView

final class Card: ReusableCell {
  enum Kind: String {
    case text, picture, header, footer
  }

  /// Cards alive, in the window or waiting in a pool: the gallery's "live widgets".
  nonisolated(unsafe) static var alive = 0

  let kind: Kind
  /// The card's root widget, the one the gallery positions.
  let root: Widget
  /// The text card's body, the picture card's caption, the header's or footer's title.
  private let label: Widget
  private let picture: Widget?
  /// What the card shows now, to skip work when the same content comes back.
  private(set) var itemID = -1
  /// Whether the root is in the window.
  var isInWindow = false

  init(_ kind: Kind) {
    self.kind = kind
    switch kind {
    case .text:
      root = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)
      let id = gtk_label_new(nil)!
      gtk_widget_add_css_class(id, "card-id")
      gtk_label_set_xalign(opaque(id), 0)
      gtk_box_append(cast(root), id)
      label = gtk_label_new(nil)
      gtk_label_set_wrap(opaque(label), 1)
      gtk_label_set_wrap_mode(opaque(label), PANGO_WRAP_WORD_CHAR)
      gtk_label_set_xalign(opaque(label), 0)
      gtk_label_set_yalign(opaque(label), 0)
      gtk_widget_set_valign(label, GTK_ALIGN_START)
      gtk_widget_add_css_class(label, "card-body")
      gtk_box_append(cast(root), label)
      picture = nil
    case .picture:
      root = gtk_overlay_new()
      let picture = gtk_picture_new()!
      gtk_picture_set_content_fit(opaque(picture), GTK_CONTENT_FIT_COVER)
      gtk_overlay_set_child(opaque(root), picture)
      label = gtk_label_new(nil)
      gtk_widget_add_css_class(label, "caption")
      gtk_widget_set_halign(label, GTK_ALIGN_START)
      gtk_widget_set_valign(label, GTK_ALIGN_END)
      gtk_overlay_add_overlay(opaque(root), label)
      self.picture = picture
    case .header, .footer:
      label = gtk_label_new(nil)
      gtk_label_set_xalign(opaque(label), 0)
      gtk_label_set_ellipsize(opaque(label), PANGO_ELLIPSIZE_END)
      root = label
      picture = nil
    }
    switch kind {
    case .text, .picture:
      gtk_widget_add_css_class(root, "card")
      gtk_widget_add_css_class(root, kind.rawValue)
      // Clip to the frame: a text card whose height is still an estimate must not spill over
      // its neighbours for the frame before its measurement is applied.
      gtk_widget_set_overflow(root, GTK_OVERFLOW_HIDDEN)
    case .header:
      gtk_widget_add_css_class(root, "section-header")
    case .footer:
      gtk_widget_add_css_class(root, "section-footer")
    }
    // The card holds the widget: it survives being taken out of the window.
    g_object_ref_sink(UnsafeMutableRawPointer(root))
    Card.alive += 1
  }

  deinit {
    if isInWindow { gtk_widget_unparent(root) }
    g_object_unref(UnsafeMutableRawPointer(root))
    Card.alive -= 1
  }

  func prepareForReuse() {
    setClass(root, "focused", false)
    setClass(root, "selected", false)
    setClass(root, "pinned", false)
  }

  /// Shows a text card's text.
  func show(text: String, id: Int) {
    guard itemID != id else { return }
    itemID = id
    gtk_label_set_text(opaque(label), text)
    let title = gtk_widget_get_first_child(root)!
    gtk_label_set_text(opaque(title), "#\(id)")
  }

  /// Shows a picture card's texture and caption.
  func show(texture: OpaquePointer, caption: String, id: Int) {
    guard itemID != id else { return }
    itemID = id
    gtk_picture_set_paintable(opaque(picture!), texture)
    gtk_label_set_text(opaque(label), caption)
  }

  /// Shows a header's or footer's title.
  func show(title: String, section: Int) {
    guard itemID != section else { return }
    itemID = section
    gtk_label_set_text(opaque(label), title)
  }

  func setFocused(_ on: Bool) { setClass(root, "focused", on) }
  func setSelected(_ on: Bool) { setClass(root, "selected", on) }
}
