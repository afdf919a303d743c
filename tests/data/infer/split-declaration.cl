// The declaration spans two lines: the contract goes before `__kernel`.
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void fill(__global int *a)
{
  a[get_global_id(0)] = 1;
}
