// A 2-D image kernel in the shape of AMD APP SDK's SobelFilter: the cell `x + y * width` is
// computed in unsigned ints (modulo 2^32) and converted to an int, each cell four chars.
// Each thread has its own cell while width * height fits in an int (the host's fact
// `tcount.x * tcount.y <= 2147483647`); at larger launches the sum wraps around and two
// threads meet (width 65536: thread (0, 65536) is at 65536 * 65536 = 2^32, thread (0, 0)'s
// cell 0).
__kernel void k(__global uchar4 *out) {
  uint x = get_global_id(0);
  uint y = get_global_id(1);
  uint width = get_global_size(0);
  int c = x + y * width;
  out[c] = (uchar4)(1);
}
