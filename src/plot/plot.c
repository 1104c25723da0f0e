/* plot.c -- the drawing of riskodds plot: figures, axes, colour scales */

#include <config.h>

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>

#include "plot.h"

/* ------------------------------------------------------------------ */
/* Colour scales                                                      */

static double
clamp01 (double x)
{
  return x < 0 ? 0 : x > 1 ? 1 : x;
}

/* Viridis by the degree-6 polynomial fit of its 256 colours (Matt
   Zucker's, public domain): within about 1/255 of matplotlib's table,
   and no table to carry.  */
static plot_rgb_t
viridis (double t)
{
  static const double c[7][3] = {
    {0.2777273272234177, 0.005407344544966578, 0.3340998053353061},
    {0.1050930431085774, 1.404613529898575, 1.384590162594685},
    {-0.3308618287255563, 0.214847559468213, 0.09509516302823659},
    {-4.634230498983486, -5.799100973351585, -19.33244095627987},
    {6.228269936347081, 14.17993336680509, 56.69055260068105},
    {4.776384997670288, -13.74514537774601, -65.35303263337234},
    {-5.435455855934631, 4.645852612178535, 26.3124352495832}
  };
  double x[3];
  for (int k = 0; k < 3; k++)
    {
      double s = c[6][k];
      for (int i = 5; i >= 0; i--)
        s = c[i][k] + t * s;
      x[k] = clamp01 (s);
    }
  return (plot_rgb_t) { x[0], x[1], x[2] };
}

/* sRGB of CIE lightness L* (0 to 100) on the grey axis.  */
static double
grey_of_lightness (double l)
{
  double y = l > 8 ? pow ((l + 16) / 116, 3) : l / 903.3;
  return y <= 0.0031308 ? 12.92 * y : 1.055 * pow (y, 1 / 2.4) - 0.055;
}

plot_rgb_t
plot_palette_color (plot_palette_t palette, double t)
{
  t = clamp01 (t);
  if (palette == PLOT_PALETTE_GREY)
    {
      /* From L* 15 to 95: no pure black or white, which the frame and
         the page are.  */
      double g = grey_of_lightness (15 + 80 * t);
      return (plot_rgb_t) { g, g, g };
    }
  return viridis (t);
}

plot_rgb_t
plot_diverging_color (double t)
{
  /* ColorBrewer's RdBu ends (#2166ac, #b2182b) around #f7f7f7.  */
  static const plot_rgb_t blue = { 33 / 255.0, 102 / 255.0, 172 / 255.0 };
  static const plot_rgb_t white = { 247 / 255.0, 247 / 255.0, 247 / 255.0 };
  static const plot_rgb_t red = { 178 / 255.0, 24 / 255.0, 43 / 255.0 };
  t = t < -1 ? -1 : t > 1 ? 1 : t;
  const plot_rgb_t *end = t < 0 ? &blue : &red;
  double s = fabs (t);
  return (plot_rgb_t) { white.r + s * (end->r - white.r),
      white.g + s * (end->g - white.g), white.b + s * (end->b - white.b) };
}

/* The theme (--theme): 0 black ink on a white page, 1 light ink on a
   dark page, for slides.  The data's colours are the same in both.  */
static int dark_theme;

void
plot_set_theme (int dark)
{
  dark_theme = dark;
}

plot_rgb_t
plot_paper (void)
{
  return dark_theme ? (plot_rgb_t) { 0.12, 0.12, 0.13 }
    : (plot_rgb_t) { 1, 1, 1 };
}

plot_rgb_t
plot_ink (void)
{
  return dark_theme ? (plot_rgb_t) { 0.9, 0.9, 0.9 }
    : (plot_rgb_t) { 0, 0, 0 };
}

void
plot_set_rgb (cairo_t *cr, plot_rgb_t c)
{
  cairo_set_source_rgb (cr, c.r, c.g, c.b);
}

/* ------------------------------------------------------------------ */
/* Contours: marching squares                                         */

typedef struct
{
  plot_segment_t *seg;
  size_t n, size;
  int failed;
} segments_t;

static void
segment_add (segments_t *s, double x0, double y0, double x1, double y1)
{
  if (s->failed)
    return;
  if (s->n == s->size)
    {
      size_t size = s->size ? 2 * s->size : 64;
      plot_segment_t *p = realloc (s->seg, size * sizeof *p);
      if (p == NULL)
        {
          s->failed = 1;
          return;
        }
      s->seg = p;
      s->size = size;
    }
  s->seg[s->n++] = (plot_segment_t) { x0, y0, x1, y1 };
}

/* Where LEVEL falls between A (at 0) and B (at 1).  */
static double
cross (double a, double b, double level)
{
  return (level - a) / (b - a);
}

/* One square with corners V[0] at (I, J), V[1] at (I + 1, J), V[2] at
   (I + 1, J + 1), V[3] at (I, J + 1).  A corner at LEVEL counts as
   above it, so that a line never runs through a cell's centre twice.  */
static void
square (segments_t *s, const double v[4], double i, double j, double level)
{
  double px[4], py[4];          /* the crossing on each edge */
  int up[4], n = 0, edge[4];
  for (int k = 0; k < 4; k++)
    up[k] = v[k] >= level;
  /* Edges: 0 bottom (0-1), 1 right (1-2), 2 top (3-2), 3 left (0-3).  */
  static const int ea[4] = { 0, 1, 3, 0 }, eb[4] = { 1, 2, 2, 3 };
  for (int e = 0; e < 4; e++)
    if (up[ea[e]] != up[eb[e]])
      {
        double f = cross (v[ea[e]], v[eb[e]], level);
        static const double ax[4] = { 0, 1, 1, 0 }, ay[4] = { 0, 0, 1, 1 };
        px[e] = i + ax[ea[e]] + f * (ax[eb[e]] - ax[ea[e]]);
        py[e] = j + ay[ea[e]] + f * (ay[eb[e]] - ay[ea[e]]);
        edge[n++] = e;
      }
  if (n == 2)
    segment_add (s, px[edge[0]], py[edge[0]], px[edge[1]], py[edge[1]]);
  else if (n == 4)
    {
      /* A saddle: the centre's value (the mean) tells which corners the
         lines cut off.  */
      int centre_up = (v[0] + v[1] + v[2] + v[3]) / 4 >= level;
      if (centre_up == up[0])
        {
          segment_add (s, px[0], py[0], px[1], py[1]);
          segment_add (s, px[2], py[2], px[3], py[3]);
        }
      else
        {
          segment_add (s, px[0], py[0], px[3], py[3]);
          segment_add (s, px[1], py[1], px[2], py[2]);
        }
    }
}

int
plot_contour (plot_segment_t **seg, size_t *n, const double *v, size_t nx,
              size_t ny, double level)
{
  segments_t s = { NULL, 0, 0, 0 };
  for (size_t j = 0; j + 1 < ny; j++)
    for (size_t i = 0; i + 1 < nx; i++)
      {
        double c[4] = { v[j * nx + i], v[j * nx + i + 1],
          v[(j + 1) * nx + i + 1], v[(j + 1) * nx + i] };
        if (!isnan (c[0]) && !isnan (c[1]) && !isnan (c[2])
            && !isnan (c[3]))
          square (&s, c, (double) i, (double) j, level);
      }
  if (s.failed)
    {
      free (s.seg);
      return -1;
    }
  *seg = s.seg;
  *n = s.n;
  return 0;
}

/* ------------------------------------------------------------------ */
/* Figures                                                            */

int
plot_format_of_file (const char *file, plot_format_t *format)
{
  const char *dot = strrchr (file, '.');
  if (dot == NULL || strchr (dot, '/') != NULL)
    return -1;
  if (strcasecmp (dot, ".svg") == 0)
    *format = PLOT_SVG;
  else if (strcasecmp (dot, ".pdf") == 0)
    *format = PLOT_PDF;
  else if (strcasecmp (dot, ".png") == 0)
    *format = PLOT_PNG;
  else
    return -1;
  return 0;
}

/* Cairo's vector surfaces write through this, to standard output.  */
static cairo_status_t
write_stdout (void *data, const unsigned char *buf, unsigned int len)
{
  (void) data;
  return fwrite (buf, 1, len, stdout) == len ? CAIRO_STATUS_SUCCESS
    : CAIRO_STATUS_WRITE_ERROR;
}

int
plot_open (plot_fig_t *fig, plot_format_t format, double width,
           double height, unsigned px_width, unsigned px_height,
           double scale, const char *family)
{
  memset (fig, 0, sizeof *fig);
  fig->format = format;
  fig->width = width;
  fig->height = height;
  fig->family = family;
  fig->scale = format == PLOT_PNG ? scale : 1;
  fig->font = fmax (8, 11 * fmin (width / 640, height / 480));
  if (format == PLOT_SVG)
    fig->surface = cairo_svg_surface_create_for_stream (write_stdout, NULL,
                                                        width, height);
  else if (format == PLOT_PDF)
    fig->surface = cairo_pdf_surface_create_for_stream (write_stdout, NULL,
                                                        width, height);
  else
    fig->surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24,
                                               (int) px_width,
                                               (int) px_height);
  fig->cr = cairo_create (fig->surface);
  if (cairo_status (fig->cr) != CAIRO_STATUS_SUCCESS)
    return -1;
  /* A PNG at --dpi: the figure in points, scaled to its pixels (none at
     the default, a pixel a point).  */
  if (format == PLOT_PNG && scale != 1)
    cairo_scale (fig->cr, scale, scale);
  plot_set_rgb (fig->cr, plot_paper ());
  cairo_paint (fig->cr);
  cairo_select_font_face (fig->cr, family, CAIRO_FONT_SLANT_NORMAL,
                          CAIRO_FONT_WEIGHT_NORMAL);
  return 0;
}

/* The CRC of PNG chunks (ISO 3309), bit by bit: a few chunks only.  */
static unsigned long
crc32_update (unsigned long crc, const unsigned char *p, size_t n)
{
  for (size_t i = 0; i < n; i++)
    {
      crc ^= p[i];
      for (int k = 0; k < 8; k++)
        crc = crc & 1 ? 0xedb88320UL ^ (crc >> 1) : crc >> 1;
    }
  return crc;
}

static void
put32 (unsigned char *p, unsigned long x)
{
  p[0] = (unsigned char) (x >> 24);
  p[1] = (unsigned char) (x >> 16);
  p[2] = (unsigned char) (x >> 8);
  p[3] = (unsigned char) x;
}

/* A tEXt chunk KEY: TEXT on standard output (Latin-1; ours is ASCII).  */
static void
write_text_chunk (const char *key, const char *text)
{
  size_t kn = strlen (key), tn = strlen (text), n = kn + 1 + tn;
  unsigned char *c = malloc (n + 12);
  if (c == NULL)
    return;
  put32 (c, n);
  memcpy (c + 4, "tEXt", 4);
  memcpy (c + 8, key, kn + 1);
  memcpy (c + 9 + kn, text, tn);
  put32 (c + 8 + n, crc32_update (0xffffffffUL, c + 4, n + 4)
         ^ 0xffffffffUL);
  fwrite (c, 1, n + 12, stdout);
  free (c);
}

/* The PNG cairo makes, on its way to standard output, with text chunks
   after its header chunk (the signature's 8 bytes and IHDR's 25): a
   stream, not a copy of the file in memory beside the image.  */
typedef struct
{
  const plot_fig_t *fig;
  const char *area;
  size_t n;
} png_stream_t;

/* The pHYs chunk of DPI: pixels a metre, rounded, both ways.  */
static void
write_phys_chunk (unsigned dpi)
{
  unsigned char c[21];
  unsigned long ppm = (unsigned long) floor (dpi / 0.0254 + 0.5);
  put32 (c, 9);
  memcpy (c + 4, "pHYs", 4);
  put32 (c + 8, ppm);
  put32 (c + 12, ppm);
  c[16] = 1;
  put32 (c + 17, crc32_update (0xffffffffUL, c + 4, 13) ^ 0xffffffffUL);
  fwrite (c, 1, sizeof c, stdout);
}

static void
write_text_chunks (const png_stream_t *p)
{
  if (p->fig->dpi != 0)
    write_phys_chunk (p->fig->dpi);
  if (p->fig->title != NULL)
    write_text_chunk ("Title", p->fig->title);
  write_text_chunk ("Software", PACKAGE_STRING);
  if (p->area != NULL)
    write_text_chunk ("riskodds plot area", p->area);
}

static cairo_status_t
write_png_stream (void *data, const unsigned char *buf, unsigned int len)
{
  png_stream_t *p = data;
  size_t head = p->n < 33 ? 33 - p->n : 0;
  head = head < len ? head : len;
  if (head > 0 && fwrite (buf, 1, head, stdout) != head)
    return CAIRO_STATUS_WRITE_ERROR;
  p->n += head;
  if (head > 0 && p->n == 33)
    write_text_chunks (p);
  if (len > head && fwrite (buf + head, 1, len - head, stdout) != len - head)
    return CAIRO_STATUS_WRITE_ERROR;
  p->n += len - head;
  return CAIRO_STATUS_SUCCESS;
}

static int
write_png (plot_fig_t *fig, const char *area)
{
  png_stream_t p = { fig, area, 0 };
  if (cairo_surface_write_to_png_stream (fig->surface, write_png_stream, &p)
      != CAIRO_STATUS_SUCCESS || p.n < 33)
    return -1;
  return 0;
}

int
plot_close (plot_fig_t *fig, const char *area)
{
  int rc = cairo_status (fig->cr) == CAIRO_STATUS_SUCCESS ? 0 : -1;
  cairo_destroy (fig->cr);
  if (rc == 0 && fig->format == PLOT_PNG)
    rc = write_png (fig, area);
  cairo_surface_finish (fig->surface);
  if (cairo_surface_status (fig->surface) != CAIRO_STATUS_SUCCESS)
    rc = -1;
  cairo_surface_destroy (fig->surface);
  free (fig->title);
  fig->title = NULL;
  return rc;
}

/* ------------------------------------------------------------------ */
/* Areas, text, axes                                                  */

double
plot_x (const plot_area_t *a, double u)
{
  return a->x0 + (u - a->ux0) / (a->ux1 - a->ux0) * (a->x1 - a->x0);
}

double
plot_y (const plot_area_t *a, double v)
{
  return a->y1 - (v - a->uy0) / (a->uy1 - a->uy0) * (a->y1 - a->y0);
}

void
plot_text (plot_fig_t *fig, const char *text, double x, double y,
           double halign, double valign, double size, int vertical,
           int bold)
{
  cairo_t *cr = fig->cr;
  cairo_text_extents_t te;
  cairo_font_extents_t fe;
  cairo_save (cr);
  cairo_select_font_face (cr, fig->family, CAIRO_FONT_SLANT_NORMAL,
                          bold ? CAIRO_FONT_WEIGHT_BOLD
                          : CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (cr, size);
  cairo_text_extents (cr, text, &te);
  cairo_font_extents (cr, &fe);
  cairo_translate (cr, x, y);
  if (vertical)
    cairo_rotate (cr, -M_PI / 2);
  /* Align on the font's ascent and descent, not on the ink, so that
     labels of one row share a baseline.  */
  double h = fe.ascent + fe.descent;
  cairo_move_to (cr, -halign * te.x_advance, -valign * h + fe.ascent);
  plot_set_rgb (cr, plot_ink ());
  cairo_show_text (cr, text);
  cairo_restore (cr);
}

void
plot_title (plot_fig_t *fig, const char *text)
{
  double y = 0.8 * fig->font;
  const char *p = text;
  for (int line = 0; *p; line++)
    {
      size_t n = strcspn (p, "\n");
      char *s = strndup (p, n);
      if (s == NULL)
        return;
      double size = line == 0 ? 1.25 * fig->font : fig->font;
      /* A line wider than the page (long rules, a narrow figure) is set
         smaller, in the room it has: never clipped.  */
      cairo_text_extents_t te;
      cairo_save (fig->cr);
      cairo_select_font_face (fig->cr, fig->family,
                              CAIRO_FONT_SLANT_NORMAL, line == 0
                              ? CAIRO_FONT_WEIGHT_BOLD
                              : CAIRO_FONT_WEIGHT_NORMAL);
      cairo_set_font_size (fig->cr, size);
      cairo_text_extents (fig->cr, s, &te);
      cairo_restore (fig->cr);
      double room = fig->width - 2 * fig->font;
      double fit = te.x_advance > room ? size * room / te.x_advance : size;
      plot_text (fig, s, fig->width / 2, y, 0.5, 0, fit, 0, line == 0);
      y += 1.3 * size;
      free (s);
      p += n + (p[n] == '\n');
    }
}

size_t
plot_ticks (double lo, double hi, size_t n, double step_min, double *first,
            double *step)
{
  double raw = (hi - lo) / (double) (n ? n : 1);
  if (!(raw > 0))
    raw = 1;
  double p = pow (10, floor (log10 (raw)));
  double s = p;
  static const double mult[] = { 1, 2, 5, 10 };
  for (int k = 0; k < 4; k++)
    if (mult[k] * p >= raw * 0.999)
      {
        s = mult[k] * p;
        break;
      }
  if (s < step_min)
    s = step_min;
  *step = s;
  *first = ceil (lo / s - 1e-9) * s;
  return (size_t) floor ((hi - *first) / s + 1e-9) + 1;
}

static void
line (cairo_t *cr, double x0, double y0, double x1, double y1)
{
  cairo_move_to (cr, x0, y0);
  cairo_line_to (cr, x1, y1);
}

/* A tick's label: integers as such, others with the digits the step
   needs.  */
static void
tick_label (char *buf, size_t size, double v, double step)
{
  if (fabs (v) < 1e-12 * step)
    v = 0;
  int places = step >= 1 ? 0 : (int) ceil (-log10 (step) - 1e-9);
  snprintf (buf, size, "%.*f", places, v);
}

void
plot_axes (plot_fig_t *fig, const plot_area_t *a, int xinteger,
           int yinteger, const char *xtitle, const char *ytitle)
{
  cairo_t *cr = fig->cr;
  double f = fig->font, first, step, tick = 0.4 * f;
  char buf[64];
  cairo_save (cr);
  plot_set_rgb (cr, plot_ink ());
  cairo_set_line_width (cr, fmax (0.8, f / 12));
  cairo_rectangle (cr, a->x0, a->y0, a->x1 - a->x0, a->y1 - a->y0);
  cairo_stroke (cr);
  /* About one tick per 60 units of width, per 40 of height; none along
     X when XINTEGER is -1 (the caller labels it).  */
  size_t n = xinteger < 0 ? 0 : plot_ticks (a->ux0, a->ux1, (size_t) fmax (2, (a->x1 - a->x0)
                                                        / (5.5 * f)),
                         xinteger ? 1 : 0, &first, &step);
  for (size_t k = 0; k < n; k++)
    {
      double u = first + (double) k * step, x = plot_x (a, u);
      line (cr, x, a->y1, x, a->y1 + tick);
      tick_label (buf, sizeof buf, u, step);
      plot_text (fig, buf, x, a->y1 + 1.4 * tick, 0.5, 0, f, 0, 0);
    }
  n = plot_ticks (a->uy0, a->uy1, (size_t) fmax (2, (a->y1 - a->y0)
                                                 / (3.6 * f)),
                  yinteger ? 1 : 0, &first, &step);
  double wmax = 0;
  for (size_t k = 0; k < n; k++)
    {
      double v = first + (double) k * step, y = plot_y (a, v);
      cairo_text_extents_t te;
      line (cr, a->x0 - tick, y, a->x0, y);
      tick_label (buf, sizeof buf, v, step);
      cairo_set_font_size (cr, f);
      cairo_text_extents (cr, buf, &te);
      wmax = fmax (wmax, te.x_advance);
      plot_text (fig, buf, a->x0 - 1.5 * tick, y, 1, 0.5, f, 0, 0);
    }
  cairo_stroke (cr);
  if (xtitle)
    plot_text (fig, xtitle, (a->x0 + a->x1) / 2, a->y1 + 1.6 * f + tick,
               0.5, 0, f, 0, 0);
  if (ytitle)
    plot_text (fig, ytitle, a->x0 - 1.5 * tick - wmax - 0.4 * f,
               (a->y0 + a->y1) / 2, 0.5, 1, f, 1, 0);
  cairo_restore (cr);
}

/* The cells of no value (NaN): white, with thin grey lines from lower
   left to upper right across them, which no colour of a scale looks
   like (a light grey would pass for the light end of the grey
   palette).  */
static void
hatch_nan_cells (plot_fig_t *fig, const plot_area_t *a, const double *v,
                 size_t nx, size_t ny)
{
  cairo_t *cr = fig->cr;
  cairo_save (cr);
  for (size_t j = 0; j < ny; j++)
    for (size_t i = 0; i < nx; i++)
      if (isnan (v[j * nx + i]))
        {
          double x0 = plot_x (a, a->ux0 + (double) i);
          double x1 = plot_x (a, a->ux0 + (double) i + 1);
          double y0 = plot_y (a, a->uy0 + (double) j + 1);
          double y1 = plot_y (a, a->uy0 + (double) j);
          cairo_rectangle (cr, x0, y0, x1 - x0, y1 - y0);
        }
  cairo_clip (cr);
  double gap = fmax (4, 0.6 * fig->font);
  double w = a->x1 - a->x0, h = a->y1 - a->y0;
  for (double t = -h; t < w + gap; t += gap)
    line (cr, a->x0 + t, a->y1, a->x0 + t + h, a->y0);
  cairo_set_source_rgb (cr, 0.55, 0.55, 0.55);
  cairo_set_line_width (cr, fmax (0.8, fig->font / 14));
  cairo_stroke (cr);
  cairo_restore (cr);
}

void
plot_cells (plot_fig_t *fig, const plot_area_t *a, const double *v,
            size_t nx, size_t ny, plot_scale_fn scale, void *data)
{
  cairo_t *cr = fig->cr;
  size_t nan_cells = 0;
  cairo_save (cr);
  /* Edges on whole units where the format has pixels, and no
     antialiasing between cells (seams would show as faint lines).  */
  cairo_set_antialias (cr, CAIRO_ANTIALIAS_NONE);
  for (size_t j = 0; j < ny; j++)
    for (size_t i = 0; i < nx; i++)
      {
        double x0 = plot_x (a, a->ux0 + (double) i);
        double x1 = plot_x (a, a->ux0 + (double) i + 1);
        double y0 = plot_y (a, a->uy0 + (double) j + 1);
        double y1 = plot_y (a, a->uy0 + (double) j);
        double x = v[j * nx + i];
        plot_rgb_t c = isnan (x) ? plot_paper () : scale (data, x);
        cairo_set_source_rgb (cr, c.r, c.g, c.b);
        if (fig->format == PLOT_PNG)
          {
            /* Whole pixels, which are points at the default scale.  */
            double k = fig->scale;
            x0 = round (x0 * k) / k;
            x1 = round (x1 * k) / k;
            y0 = round (y0 * k) / k;
            y1 = round (y1 * k) / k;
          }
        else
          {
            /* Vector renderers antialias each rectangle on its own, and
               the seams between cells show as faint lines: each cell
               bleeds a little into its neighbours to the right and
               above, which are drawn after it and cover the bleed.  */
            if (i + 1 < nx)
              x1 += 0.5;
            if (j + 1 < ny)
              y0 -= 0.5;
          }
        cairo_rectangle (cr, x0, y0, x1 - x0, y1 - y0);
        cairo_fill (cr);
        if (isnan (x))
          nan_cells++;
      }
  cairo_restore (cr);
  if (nan_cells > 0)
    hatch_nan_cells (fig, a, v, nx, ny);
}

/* ------------------------------------------------------------------ */
/* Contour labels                                                     */

/* A point of the page.  */
typedef struct
{
  double x, y;
} point_t;

/* One level's contour on the page: its segments and the same segments
   joined into lines (the connected pieces, each a run of points).  */
typedef struct
{
  plot_segment_t *seg;          /* in page units */
  size_t nseg;
  point_t *pt;                  /* the lines' points, line after line */
  size_t *start;                /* line K is PT[START[K]] to PT[START[K + 1] - 1] */
  size_t nline;
} contour_t;

/* An end of a segment, to find the segments that meet there.  */
typedef struct
{
  double x, y;
  size_t end;                   /* 2 K + E: end E (0 or 1) of segment K */
} seg_end_t;

static int
seg_end_cmp (const void *p, const void *q)
{
  const seg_end_t *a = p, *b = q;
  if (a->x != b->x)
    return a->x < b->x ? -1 : 1;
  if (a->y != b->y)
    return a->y < b->y ? -1 : 1;
  return a->end < b->end ? -1 : a->end > b->end;
}

static point_t
seg_point (const plot_segment_t *s, int e)
{
  return e ? (point_t) { s->x1, s->y1 } : (point_t) { s->x0, s->y0 };
}

/* Join C's segments into lines.  Two squares that share an edge compute
   its crossing from the same two values in the same order, so the ends
   that meet are equal exactly; a point where more than two meet (a line
   through a grid point) is paired off in the order of the sort.  -1
   when memory runs out.  */
static int
contour_join (contour_t *c)
{
  size_t n = c->nseg, none = (size_t) -1;
  seg_end_t *ends = malloc (2 * n * sizeof *ends + 1);
  size_t *link = malloc (2 * n * sizeof *link + 1);
  unsigned char *used = calloc (n + 1, 1);
  c->pt = malloc ((2 * n + 1) * sizeof *c->pt);
  c->start = malloc ((n + 1) * sizeof *c->start);
  c->nline = 0;
  if (ends == NULL || link == NULL || used == NULL || c->pt == NULL
      || c->start == NULL)
    {
      free (ends);
      free (link);
      free (used);
      return -1;
    }
  for (size_t k = 0; k < 2 * n; k++)
    {
      point_t p = seg_point (&c->seg[k / 2], (int) (k % 2));
      ends[k] = (seg_end_t) { p.x, p.y, k };
      link[k] = none;
    }
  qsort (ends, 2 * n, sizeof *ends, seg_end_cmp);
  for (size_t k = 0; k + 1 < 2 * n; k++)
    if (ends[k].x == ends[k + 1].x && ends[k].y == ends[k + 1].y
        && ends[k].end / 2 != ends[k + 1].end / 2)
      {
        link[ends[k].end] = ends[k + 1].end;
        link[ends[k + 1].end] = ends[k].end;
        k++;
      }
  size_t np = 0;
  for (size_t k = 0; k < n; k++)
    {
      if (used[k])
        continue;
      /* Back to the line's first segment (CUR, left by its end E), or
         round a closed line to K again.  */
      size_t cur = k, steps = 0;
      int e = 0;
      for (;;)
        {
          size_t p = link[2 * cur + e];
          if (p == none || used[p / 2] || ++steps > n)
            break;
          if (p / 2 == k)
            {
              cur = k;
              e = 0;
              break;
            }
          cur = p / 2;
          e = 1 - (int) (p % 2);
        }
      /* Forward from there, each segment once.  */
      c->start[c->nline++] = np;
      c->pt[np++] = seg_point (&c->seg[cur], e);
      for (;;)
        {
          used[cur] = 1;
          c->pt[np++] = seg_point (&c->seg[cur], 1 - e);
          size_t p = link[2 * cur + 1 - e];
          if (p == none || used[p / 2])
            break;
          cur = p / 2;
          e = (int) (p % 2);
        }
    }
  c->start[c->nline] = np;
  free (ends);
  free (link);
  free (used);
  return 0;
}

/* A label's box on the page.  */
typedef struct
{
  double x0, y0, x1, y1;
} box_t;

static int
boxes_meet (const box_t *a, const box_t *b)
{
  return a->x0 < b->x1 && b->x0 < a->x1 && a->y0 < b->y1 && b->y0 < a->y1;
}

/* Whether segment S crosses box B (Liang and Barsky's clipping).  */
static int
segment_meets_box (const plot_segment_t *s, const box_t *b)
{
  double t0 = 0, t1 = 1, dx = s->x1 - s->x0, dy = s->y1 - s->y0;
  double p[4] = { -dx, dx, -dy, dy };
  double q[4] = { s->x0 - b->x0, b->x1 - s->x0, s->y0 - b->y0,
    b->y1 - s->y0 };
  for (int k = 0; k < 4; k++)
    {
      if (p[k] == 0)
        {
          if (q[k] < 0)
            return 0;
          continue;
        }
      double t = q[k] / p[k];
      if (p[k] < 0)
        t0 = fmax (t0, t);
      else
        t1 = fmin (t1, t);
      if (t0 > t1)
        return 0;
    }
  return 1;
}

/* The point at the share T of the length L of the line P[0 .. N - 1].  */
static point_t
line_point (const point_t *p, size_t n, double l, double t)
{
  double want = t * l, run = 0;
  for (size_t k = 0; k + 1 < n; k++)
    {
      double d = hypot (p[k + 1].x - p[k].x, p[k + 1].y - p[k].y);
      if (run + d >= want && d > 0)
        {
          double f = (want - run) / d;
          return (point_t) { p[k].x + f * (p[k + 1].x - p[k].x),
              p[k].y + f * (p[k + 1].y - p[k].y) };
        }
      run += d;
    }
  return p[n - 1];
}

static double
line_length (const point_t *p, size_t n)
{
  double l = 0;
  for (size_t k = 0; k + 1 < n; k++)
    l += hypot (p[k + 1].x - p[k].x, p[k + 1].y - p[k].y);
  return l;
}

/* The labels placed so far.  */
typedef struct
{
  box_t *box;
  size_t n;
} placed_t;

/* Whether box B may hold a label of level K's line: inside the area A,
   clear of the labels placed, and, when STRICT, crossed by no other
   line (of any level: line L of level K is the label's own).  */
static int
label_fits (const box_t *b, const plot_area_t *a, const placed_t *placed,
            const contour_t *c, size_t nc, size_t k, size_t l, int strict)
{
  if (b->x0 < a->x0 + 1 || b->x1 > a->x1 - 1 || b->y0 < a->y0 + 1
      || b->y1 > a->y1 - 1)
    return 0;
  for (size_t i = 0; i < placed->n; i++)
    if (boxes_meet (b, &placed->box[i]))
      return 0;
  if (!strict)
    return 1;
  for (size_t i = 0; i < nc; i++)
    for (size_t m = 0; m < c[i].nline; m++)
      {
        if (i == k && m == l)
          continue;
        /* The line's points as segments.  */
        for (size_t p = c[i].start[m]; p + 1 < c[i].start[m + 1]; p++)
          {
            plot_segment_t s = { c[i].pt[p].x, c[i].pt[p].y,
              c[i].pt[p + 1].x, c[i].pt[p + 1].y };
            if (segment_meets_box (&s, b))
              return 0;
          }
      }
  return 1;
}

static void
contour_label (plot_fig_t *fig, double x, double y, const char *label)
{
  cairo_t *cr = fig->cr;
  cairo_text_extents_t te;
  double f = 0.9 * fig->font;
  cairo_set_font_size (cr, f);
  cairo_text_extents (cr, label, &te);
  double w = te.x_advance + 0.5 * f, h = 1.3 * f;
  cairo_rectangle (cr, x - w / 2, y - h / 2, w, h);
  plot_set_rgb (cr, plot_paper ());
  cairo_fill_preserve (cr);
  plot_set_rgb (cr, plot_ink ());
  cairo_set_line_width (cr, 0.6);
  cairo_stroke (cr);
  plot_text (fig, label, x, y, 0.5, 0.5, f, 0, 0);
}

/* The share of the length along a line of each place tried for its
   label: the middle first, then further and further from it.  */
#define LABEL_TRIES 15

static double
label_try (int k)
{
  int step = (k + 1) / 2;
  return 0.5 + (k % 2 ? 1 : -1) * step / 16.0;
}

/* Label every line of every level C[K] long enough to hold its label
   (every piece of a long line), each at the first place tried where its box meets no label placed
   before and crosses no other line; failing that, the first where it
   meets no label; failing that, not at all.  -1 when memory runs
   out.  */
static int
contour_labels (plot_fig_t *fig, const plot_area_t *a, const contour_t *c,
                size_t nc, char *const *labels)
{
  size_t nmax = 0;
  double diag = hypot (a->x1 - a->x0, a->y1 - a->y0);
  for (size_t k = 0; k < nc; k++)
    for (size_t l = 0; l < c[k].nline; l++)
      nmax += 1 + (size_t) (line_length (c[k].pt + c[k].start[l],
                                         c[k].start[l + 1]
                                         - c[k].start[l]) / diag);
  placed_t placed = { malloc ((nmax + 1) * sizeof (box_t)), 0 };
  if (placed.box == NULL)
    return -1;
  cairo_t *cr = fig->cr;
  double f = 0.9 * fig->font;
  for (size_t k = 0; k < nc; k++)
    {
      cairo_text_extents_t te;
      cairo_set_font_size (cr, f);
      cairo_text_extents (cr, labels[k], &te);
      /* The box, and a little room around it.  */
      double w = te.x_advance + 0.5 * f + 4, h = 1.3 * f + 4;
      for (size_t l = 0; l < c[k].nline; l++)
        {
          const point_t *p = c[k].pt + c[k].start[l];
          size_t n = c[k].start[l + 1] - c[k].start[l];
          double len = line_length (p, n);
          /* A line longer than the area's diagonal (one that turns back,
             as a difference of two grids' often does) gets a label on
             each piece of about that length.  */
          double pieces = fmax (1, ceil (len / diag));
          for (double i = 0; i < pieces; i++)
            {
              if (len / pieces < 3 * fmax (w, h))
                continue;
              int found = 0;
              box_t b = { 0, 0, 0, 0 };
              for (int strict = 1; strict >= 0 && !found; strict--)
                for (int t = 0; t < LABEL_TRIES && !found; t++)
                  {
                    point_t q = line_point (p, n, len, (i + label_try (t))
                                            / pieces);
                    b = (box_t) { q.x - w / 2, q.y - h / 2, q.x + w / 2,
                      q.y + h / 2 };
                    found = label_fits (&b, a, &placed, c, nc, k, l,
                                        strict);
                  }
              if (!found)
                continue;
              placed.box[placed.n++] = b;
              contour_label (fig, (b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2,
                             labels[k]);
            }
        }
    }
  free (placed.box);
  return 0;
}

int
plot_contours (plot_fig_t *fig, const plot_area_t *a, const double *v,
               size_t nx, size_t ny, const double *levels,
               char *const *labels, size_t n)
{
  cairo_t *cr = fig->cr;
  contour_t *c = calloc (n + 1, sizeof *c);
  int rc = c == NULL ? -1 : 0;
  /* Cells are centred at whole values of the area's ranges plus 1/2.  */
  double ox = a->ux0 + 0.5, oy = a->uy0 + 0.5;
  cairo_save (cr);
  for (size_t k = 0; rc == 0 && k < n; k++)
    {
      rc = plot_contour (&c[k].seg, &c[k].nseg, v, nx, ny, levels[k]);
      if (rc != 0)
        break;
      for (size_t i = 0; i < c[k].nseg; i++)
        {
          plot_segment_t *s = &c[k].seg[i];
          *s = (plot_segment_t) { plot_x (a, ox + s->x0),
            plot_y (a, oy + s->y0), plot_x (a, ox + s->x1),
            plot_y (a, oy + s->y1) };
        }
      rc = contour_join (&c[k]);
    }
  /* Every line first, then the labels over them.  */
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_set_line_width (cr, fmax (1.2, fig->font / 8));
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  for (size_t k = 0; rc == 0 && k < n; k++)
    for (size_t i = 0; i < c[k].nseg; i++)
      line (cr, c[k].seg[i].x0, c[k].seg[i].y0, c[k].seg[i].x1,
            c[k].seg[i].y1);
  cairo_stroke (cr);
  if (rc == 0)
    rc = contour_labels (fig, a, c, n, labels);
  for (size_t k = 0; c != NULL && k < n; k++)
    {
      free (c[k].seg);
      free (c[k].pt);
      free (c[k].start);
    }
  free (c);
  cairo_restore (cr);
  return rc;
}

void
plot_colorbar (plot_fig_t *fig, const plot_area_t *a, plot_scale_fn scale,
               void *data, int log, const char *title, const double *marks,
               size_t n)
{
  cairo_t *cr = fig->cr;
  double f = fig->font, first, step, tick = 0.4 * f;
  char buf[64];
  cairo_save (cr);
  /* The bar in thin slices, one per unit of height at most.  */
  int slices = (int) fmax (1, ceil (a->y1 - a->y0));
  cairo_set_antialias (cr, CAIRO_ANTIALIAS_NONE);
  for (int k = 0; k < slices; k++)
    {
      double v = a->uy0 + (k + 0.5) / slices * (a->uy1 - a->uy0);
      plot_rgb_t c = scale (data, v);
      double y0 = a->y1 - (double) (k + 1) / slices * (a->y1 - a->y0);
      double y1 = a->y1 - (double) k / slices * (a->y1 - a->y0);
      cairo_set_source_rgb (cr, c.r, c.g, c.b);
      cairo_rectangle (cr, a->x0, floor (y0), a->x1 - a->x0,
                       ceil (y1) - floor (y0));
      cairo_fill (cr);
    }
  cairo_set_antialias (cr, CAIRO_ANTIALIAS_DEFAULT);
  plot_set_rgb (cr, plot_ink ());
  cairo_set_line_width (cr, fmax (0.8, f / 12));
  for (size_t k = 0; k < n; k++)
    line (cr, a->x0, plot_y (a, marks[k]), a->x1, plot_y (a, marks[k]));
  cairo_rectangle (cr, a->x0, a->y0, a->x1 - a->x0, a->y1 - a->y0);
  size_t nt = plot_ticks (a->uy0, a->uy1, (size_t) fmax (2, (a->y1 - a->y0)
                                                         / (3.6 * f)),
                          log ? 1 : 0, &first, &step);
  double wmax = 0;
  for (size_t k = 0; k < nt; k++)
    {
      double v = first + (double) k * step, y = plot_y (a, v);
      line (cr, a->x1, y, a->x1 + tick, y);
      if (log)
        {
          /* 10^k, written out while it is short.  */
          /* The bottom of a log scale also holds what lies below it
             (the exact cells, whose log is -inf): "<= 0.1".  */
          const char *le = k == 0 && v <= a->uy0 + 1e-9 ? "\u2264" : "";
          if (v >= -3 && v <= 4)
            snprintf (buf, sizeof buf, "%s%g", le, pow (10, v));
          else
            snprintf (buf, sizeof buf, "%s1e%d", le, (int) v);
        }
      else
        tick_label (buf, sizeof buf, v, step);
      cairo_text_extents_t te;
      cairo_set_font_size (cr, f);
      cairo_text_extents (cr, buf, &te);
      wmax = fmax (wmax, te.x_advance);
      plot_text (fig, buf, a->x1 + 1.5 * tick, y, 0, 0.5, f, 0, 0);
    }
  cairo_stroke (cr);
  if (title)
    plot_text (fig, title, a->x1 + 1.5 * tick + wmax + 0.4 * f,
               (a->y0 + a->y1) / 2, 0.5, 0, f, 1, 0);
  cairo_restore (cr);
}

void
plot_layout (const plot_fig_t *fig, plot_area_t *a, plot_area_t *bar,
             int title_lines)
{
  double f = fig->font;
  memset (a, 0, sizeof *a);
  a->x0 = 5.5 * f;
  a->y0 = (1.2 + 1.4 * title_lines) * f;
  a->y1 = fig->height - 3.6 * f;
  double bar_room = bar ? 8.5 * f : 1.5 * f;
  a->x1 = fig->width - bar_room;
  if (bar)
    {
      memset (bar, 0, sizeof *bar);
      bar->x1 = fig->width - 5.5 * f;
      bar->x0 = bar->x1 - 1.4 * f;
      bar->y0 = a->y0;
      bar->y1 = a->y1;
    }
}
