// launch: sizes not fixed by the host (symbolic)
// provenance: https://github.com/KhronosGroup/OpenCL-SDK commit 6f25f5d0571eae335f7fb6f494682dc0b7df546f path samples/core/blur/blur.cl lines 1-24
// project: Khronos OpenCL-SDK samples
// licence: Apache-2.0 (bench/realcode/LICENSES.md)
// kernel: blur_box
// host: global = image width x height
// verdict: race-free: reads a read_only image, writes one pixel of a write_only image per work-item
// The code below is the original's, verbatim (host code removed).

kernel void blur_box(
    read_only image2d_t input_image,
    write_only image2d_t output_image,
    int size
)
{
    const int width = get_image_width(input_image);
    const int height = get_image_height(input_image);
    // coordinates of the pixel to work on
    const int2 coord = { get_global_id(0), get_global_id(1) };

    uint4 sum = 0;
    uint num = 0;
    int2 shift;
    for (shift.x = -size; shift.x <= size; ++shift.x)
        for (shift.y = -size; shift.y <= size; ++shift.y) {
            int2 cur = coord + shift;
            if ((0 <= cur.x) && (cur.x < width) && (0 <= cur.y) && (cur.y < height)) {
                ++num;
                sum += read_imageui(input_image, cur);
            }
        }
    write_imageui(output_image, coord, (sum + num / 2) / num);
}
