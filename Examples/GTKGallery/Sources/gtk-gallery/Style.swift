// The gallery's CSS.

let galleryCSS = """
  window, .gallery { background: #e5e9f0; }
  .card { border-radius: 10px; background: #ffffff; }
  .card.text { padding: 10px 12px; }
  .card-id { font-size: 8.5pt; font-weight: bold; color: #5e81ac; }
  .card-body { font-size: 10pt; color: #2e3440; }
  .caption { background: rgba(20, 24, 32, 0.55); color: #ffffff; font-size: 8.5pt;
             padding: 2px 7px; border-radius: 7px; margin: 7px; }
  .section-header { background: #3b4252; color: #eceff4; font-weight: bold; font-size: 12.5pt;
                    padding: 0 16px; }
  .section-header.pinned { background: #434c5e; box-shadow: 0 3px 6px rgba(0, 0, 0, 0.35); }
  .section-footer { color: #4c566a; font-style: italic; font-size: 9pt; padding: 0 16px; }
  .card.selected { background: #fbeed0; }
  .card.selected { outline: 5px solid #5e81ac; outline-offset: -5px; }
  .card.focused { outline: 4px dashed #2e3440; outline-offset: -4px; }
  .card.focused.selected { outline: 5px dashed #5e81ac; outline-offset: -5px; }
  """
