/* pngprobe.c -- read a PNG of riskodds plot back, for plot.test

   pngprobe FILE area        the "riskodds plot area" text chunk: the
                             cells' rectangle in pixels (left top right
                             bottom) and the values along X and Y
   pngprobe FILE pixel X Y   "R G B" of pixel (X, Y), 0 to 255
   pngprobe FILE cell A D    "R G B" at the centre of the cell of A v D
   pngprobe FILE row D       "X R G B" for every pixel of the row
                             through the centres of the cells of D

   The image is decoded by cairo; the text chunk is read by hand.  */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cairo.h>

static char area[512];

/* Find the tEXt chunk "riskodds plot area" of FILE into AREA.  */
static int
read_area (const char *file)
{
  FILE *f = fopen (file, "rb");
  unsigned char h[8];
  if (f == NULL || fread (h, 1, 8, f) != 8)
    return -1;
  for (;;)
    {
      unsigned char c[8];
      if (fread (c, 1, 8, f) != 8)
        break;
      unsigned long n = (unsigned long) c[0] << 24 | c[1] << 16 | c[2] << 8
        | c[3];
      char *data = malloc (n + 4);
      if (data == NULL || fread (data, 1, n + 4, f) != n + 4)
        break;
      static const char key[] = "riskodds plot area";
      if (memcmp (c + 4, "tEXt", 4) == 0 && n > sizeof key
          && memcmp (data, key, sizeof key) == 0
          && n - sizeof key < sizeof area)
        {
          memcpy (area, data + sizeof key, n - sizeof key);
          area[n - sizeof key] = '\0';
          free (data);
          fclose (f);
          return 0;
        }
      free (data);
    }
  fclose (f);
  return -1;
}

static cairo_surface_t *img;

static void
pixel (int x, int y, int rgb[3])
{
  int w = cairo_image_surface_get_width (img);
  int h = cairo_image_surface_get_height (img);
  if (x < 0 || y < 0 || x >= w || y >= h)
    {
      fprintf (stderr, "pngprobe: pixel %d %d outside %d x %d\n", x, y, w,
               h);
      exit (1);
    }
  cairo_surface_flush (img);
  const unsigned char *p = cairo_image_surface_get_data (img)
    + (size_t) y * (size_t) cairo_image_surface_get_stride (img);
  /* RGB24: one native-endian 32-bit word per pixel, 0x00RRGGBB.  */
  uint32_t px;
  memcpy (&px, p + 4 * x, 4);
  rgb[0] = (int) (px >> 16 & 255);
  rgb[1] = (int) (px >> 8 & 255);
  rgb[2] = (int) (px & 255);
}

static double ax0, ay0, ax1, ay1, ux0, ux1, uy0, uy1;

static double
to_x (double u)
{
  return ax0 + (u - ux0) / (ux1 - ux0) * (ax1 - ax0);
}

static double
to_y (double v)
{
  return ay1 - (v - uy0) / (uy1 - uy0) * (ay1 - ay0);
}

int
main (int argc, char **argv)
{
  int rgb[3];
  if (argc < 3)
    {
      fputs ("usage: pngprobe FILE area|pixel X Y|cell A D|row D\n", stderr);
      return 2;
    }
  if (strcmp (argv[2], "area") != 0)
    {
      img = cairo_image_surface_create_from_png (argv[1]);
      if (cairo_surface_status (img) != CAIRO_STATUS_SUCCESS)
        {
          fprintf (stderr, "pngprobe: %s: not a PNG cairo reads\n", argv[1]);
          return 1;
        }
    }
  if (strcmp (argv[2], "pixel") == 0 && argc == 5)
    {
      pixel (atoi (argv[3]), atoi (argv[4]), rgb);
      printf ("%d %d %d\n", rgb[0], rgb[1], rgb[2]);
      return 0;
    }
  if (read_area (argv[1]) != 0
      || sscanf (area, "%lf %lf %lf %lf %lf %lf %lf %lf", &ax0, &ay0, &ax1,
                 &ay1, &ux0, &ux1, &uy0, &uy1) != 8)
    {
      fprintf (stderr, "pngprobe: %s: no plot area\n", argv[1]);
      return 1;
    }
  if (strcmp (argv[2], "area") == 0)
    puts (area);
  else if (strcmp (argv[2], "cell") == 0 && argc == 5)
    {
      pixel ((int) to_x (atof (argv[3])), (int) to_y (atof (argv[4])), rgb);
      printf ("%d %d %d\n", rgb[0], rgb[1], rgb[2]);
    }
  else if (strcmp (argv[2], "row") == 0 && argc == 4)
    {
      int y = (int) to_y (atof (argv[3]));
      for (int x = (int) ax0 + 1; x < (int) ax1 - 1; x++)
        {
          pixel (x, y, rgb);
          printf ("%d %d %d %d\n", x, rgb[0], rgb[1], rgb[2]);
        }
    }
  else
    {
      fputs ("pngprobe: bad arguments\n", stderr);
      return 2;
    }
  return 0;
}
